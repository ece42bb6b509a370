// SPDX-License-Identifier: MIT
// A law written against a plain struct of its parameters. Compiled parameters travel as a small array of doubles
// (LawParameters, models/registry.h) and the registry calls a law through the function pointers of force_law.h; a
// law file declares its parameters once, as a struct whose fields are its LawInfo::parameters and then its
// LawInfo::derived, in that order and with the same names:
//
//   struct HuntCrossleyParameters {
//     double restitution;         // given: c_r
//     double normalised_damping;  // derived by prepare: z(c_r)
//   };
//   static_assert(parameter_struct_declares<HuntCrossleyParameters>(kGiven, kDerived));
//
// writes its functions with `const HuntCrossleyParameters& p` (prepare with a non-const reference) and reads
// `p.normalised_damping`, and registers them as `set_force<force>(law)` and `law.prepare = law_function<prepare>`.
// The adapters build the struct from the array field by field, P{values[0], values[1], …} (well-defined, unlike
// reading a double array through a struct pointer), which the compiler turns into plain loads of the fields the
// function reads; prepare's struct is copied back with std::memcpy.
#pragma once

#include <cstddef>
#include <cstring>
#include <span>
#include <type_traits>
#include <utility>

#include "models/force_law.h"

namespace contactlab {
namespace typed_law_detail {

// Converts to double and to nothing else, so that P{AnyDouble{}, …} compiles only while every field it
// initialises is a double.
struct AnyDouble {
  template <class T>
    requires std::is_same_v<T, double>
  operator T() const {
    return 0.0;
  }
};

// How many leading fields of the aggregate P are doubles (counting stops past kMaxLawParameters).
template <class P, class... Fields>
constexpr std::size_t double_field_count() {
  if constexpr (sizeof...(Fields) <= kMaxLawParameters && requires { P{Fields{}..., AnyDouble{}}; }) {
    return double_field_count<P, Fields..., AnyDouble>();
  } else {
    return sizeof...(Fields);
  }
}

template <class P, std::size_t... Field>
P load_fields(const double* values, std::index_sequence<Field...>) {
  return P{values[Field]...};
}

}  // namespace typed_law_detail

// A law's parameter struct: nothing but doubles, no more than the compiled parameters hold.
template <class P>
inline constexpr bool is_parameter_struct =
    std::is_aggregate_v<P> && std::is_trivially_copyable_v<P> && sizeof(P) <= sizeof(double) * kMaxLawParameters &&
    typed_law_detail::double_field_count<P>() * sizeof(double) == sizeof(P);

// Whether P is exactly the fields its law declares: one double per entry of `given` and then of `derived`.
template <class P>
constexpr bool parameter_struct_declares(std::span<const LawParameter> given,
                                         std::span<const LawParameter> derived = {}) {
  return is_parameter_struct<P> && typed_law_detail::double_field_count<P>() == given.size() + derived.size();
}

// Field by field: loads of doubles, which stay in floating-point registers (GCC 12 compiles a std::memcpy of the
// whole struct into integer moves, a few instructions more per call).
template <class P>
P load_parameters(const double* values) {
  static_assert(is_parameter_struct<P>);
  using Fields = std::make_index_sequence<typed_law_detail::double_field_count<P>()>;
  return typed_law_detail::load_fields<P>(values, Fields{});
}

template <class P>
void store_parameters(const P& parameters, double* values) {
  static_assert(is_parameter_struct<P>);
  std::memcpy(values, &parameters, sizeof parameters);
}

// The adapter of each kind of law function: the typed signature it takes, the force_law.h signature it gives.
template <class Function>
struct LawFunctionAdapter;

template <class P>
struct LawFunctionAdapter<ContactForce (*)(const ContactInput&, const P&, const double*)> {
  template <auto Force>
  static ContactForce call(const ContactInput& input, const double* parameters, const double* state) {
    return Force(input, load_parameters<P>(parameters), state);
  }
};

template <class P>
struct LawFunctionAdapter<void (*)(P&)> {
  template <auto Prepare>
  static void call(double* parameters) {
    P typed = load_parameters<P>(parameters);
    Prepare(typed);
    store_parameters(typed, parameters);
  }
};

template <class P>
struct LawFunctionAdapter<void (*)(ContactEvent, const ContactInput&, const P&, double*)> {
  template <auto Event>
  static void call(ContactEvent event, const ContactInput& input, const double* parameters, double* state) {
    Event(event, input, load_parameters<P>(parameters), state);
  }
};

template <class P>
struct LawFunctionAdapter<void (*)(const ContactInput&, const P&, const double*, double*)> {
  template <auto StateRate>
  static void call(const ContactInput& input, const double* parameters, const double* state, double* rate) {
    StateRate(input, load_parameters<P>(parameters), state, rate);
  }
};

template <class P>
struct LawFunctionAdapter<double (*)(const ContactInput&, const P&, const double*)> {
  template <auto Potential>
  static double call(const ContactInput& input, const double* parameters, const double* state) {
    return Potential(input, load_parameters<P>(parameters), state);
  }
};

// The ForceFunction, PrepareFunction, EventFunction, StateRateFunction or PotentialFunction of a law function
// written against its parameter struct.
template <auto Function>
inline constexpr auto law_function = &LawFunctionAdapter<decltype(Function)>::template call<Function>;

// The ForceValueFunction of a force function, typed or not: the function inlined and its F kept, so that the
// compiler drops the partials' arithmetic.
template <class Function>
struct LawForceValueAdapter;

template <class P>
struct LawForceValueAdapter<ContactForce (*)(const ContactInput&, const P&, const double*)> {
  template <auto Force>
  static double call(const ContactInput& input, const double* parameters, const double* state) {
    return Force(input, load_parameters<P>(parameters), state).force;
  }
};

template <>
struct LawForceValueAdapter<ForceFunction> {
  template <auto Force>
  static double call(const ContactInput& input, const double* parameters, const double* state) {
    return Force(input, parameters, state).force;
  }
};

template <auto Force>
inline constexpr ForceValueFunction law_force_value = &LawForceValueAdapter<decltype(Force)>::template call<Force>;

// Registers a force function, typed or not, as both of the law's entries: `force` (F and its partials) and
// `force_value` (F alone, what the right-hand side calls), so that neither can be set without the other.
template <auto Force>
void set_force(LawInfo& law) {
  if constexpr (std::is_same_v<decltype(Force), ForceFunction>) {
    law.force = Force;
  } else {
    law.force = law_function<Force>;
  }
  law.force_value = law_force_value<Force>;
}

}  // namespace contactlab
