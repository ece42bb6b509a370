# The library as a package: the umbrella target contactlab::contactlab and, when CONTACTLAB_INSTALL is on,
# the install rules for the public headers, the libraries and the CMake package (find_package(contactlab)).
# Included from the top-level CMakeLists.txt after the four library layers; defines no layer target itself.
#
# Installed layout (relative to the prefix):
#   include/contactlab/{models,contact,engine,scenes}/*.h   the public headers and the headers they include
#   lib/libcontactlab_{models,contact,engine,scenes}.{a,so}
#   lib/cmake/contactlab/contactlab{Config,ConfigVersion,Targets,Targets-<config>}.cmake
# Exported targets: contactlab::contactlab (all four layers), contactlab::models, contactlab::contact,
# contactlab::engine, contactlab::scenes, and contactlab::law_api (the law interface's headers, for plugins).
#
# A program includes <contactlab/engine/simulate.h>. The headers include each other as the sources do,
# "engine/model.h", so the targets export two include directories: include/ for the first spelling and
# include/contactlab/ for the second. The headers are installed as they are in the tree, unedited.

# Umbrella target. Not named `contactlab`: that is the runner executable (apps/).
add_library(contactlab_library INTERFACE)
target_link_libraries(contactlab_library INTERFACE
  contactlab_models contactlab_contact contactlab_engine contactlab_scenes)
add_library(contactlab::contactlab ALIAS contactlab_library)
# The headers use C++20 (std::span, …): every consumer of a layer needs it, not only this build.
foreach(layer IN ITEMS models contact engine scenes)
  target_compile_features(contactlab_${layer} INTERFACE cxx_std_20)
endforeach()
target_compile_features(contactlab_library INTERFACE cxx_std_20)

# <contactlab/engine/simulate.h> in the build tree too (for examples/law_plugin, built by tests/scenes, and for a
# project that adds this one with add_subdirectory): build/include/contactlab/<layer> links to the layer's sources.
set(CONTACTLAB_BUILD_INCLUDEDIR ${PROJECT_BINARY_DIR}/include)
file(MAKE_DIRECTORY ${CONTACTLAB_BUILD_INCLUDEDIR}/contactlab)
foreach(layer IN ITEMS models contact engine scenes)
  file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${layer} ${CONTACTLAB_BUILD_INCLUDEDIR}/contactlab/${layer} SYMBOLIC COPY_ON_ERROR)
  target_include_directories(contactlab_${layer} INTERFACE $<BUILD_INTERFACE:${CONTACTLAB_BUILD_INCLUDEDIR}>)
endforeach()
target_include_directories(contactlab_law_api INTERFACE $<BUILD_INTERFACE:${CONTACTLAB_BUILD_INCLUDEDIR}>)

option(CONTACTLAB_INSTALL "Generate the install rules of the contactlab package" ${PROJECT_IS_TOP_LEVEL})
if(NOT CONTACTLAB_INSTALL)
  return()
endif()

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CONTACTLAB_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/contactlab)
set(CONTACTLAB_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/contactlab)

# Export names match the in-tree ALIAS targets (contactlab::models, …).
set_target_properties(contactlab_library PROPERTIES EXPORT_NAME contactlab)
foreach(layer IN ITEMS models contact engine scenes)
  set_target_properties(contactlab_${layer} PROPERTIES EXPORT_NAME ${layer})
endforeach()
set_target_properties(contactlab_law_api PROPERTIES EXPORT_NAME law_api)
# The warning flags are linked PRIVATE to the layers; a static library's private links are recorded in the
# export as $<LINK_ONLY:…> (no compile options reach a consumer), so the target must be exported too.
set_target_properties(contactlab_warnings PROPERTIES EXPORT_NAME internal_warnings)

# Shared builds: the installed layers find each other next to themselves.
foreach(layer IN ITEMS models contact engine scenes)
  set_target_properties(contactlab_${layer} PROPERTIES INSTALL_RPATH "$ORIGIN")
endforeach()

install(TARGETS contactlab_models contactlab_contact contactlab_engine contactlab_scenes contactlab_library
    contactlab_law_api
  EXPORT contactlabTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT contactlab_development
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT contactlab_runtime
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT contactlab_runtime
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} ${CONTACTLAB_INSTALL_INCLUDEDIR})
install(TARGETS contactlab_warnings EXPORT contactlabTargets)

# The public surface: the headers a program includes (docs/architecture.md, "The public surface"), one line per
# layer. They are installed with the headers they include, found by following their #include lines (so that a
# header that starts to include another takes it along); every other header is internal and not installed.
set(CONTACTLAB_PUBLIC_HEADERS
  models/registry.h models/force_law.h models/law_parameters.h models/typed_law.h models/law_plugin.h
  models/friction_registry.h models/friction_law.h
  contact/contact_model.h contact/shape.h contact/material_mixing.h contact/material_parameters.h
  engine/scene_spec.h engine/compile_scene.h engine/spec_error.h engine/scene_calibration.h engine/calibration.h
    engine/model.h engine/state.h engine/data.h engine/simulate.h engine/integrator_options.h engine/forward.h
    engine/kinematics.h engine/dynamics.h engine/energy.h
  scenes/scene.h scenes/law_plugins.h)

# contactlab_include_closure(<variable> <header>...): the headers and, recursively, those they include as
# "<layer>/<file>.h". Configuring again when one of them changes keeps the list in step with the #include lines.
function(contactlab_include_closure variable)
  set(pending ${ARGN})
  set(closure)
  while(pending)
    list(POP_FRONT pending header)
    if(header IN_LIST closure)
      continue()
    endif()
    list(APPEND closure ${header})
    set(file ${PROJECT_SOURCE_DIR}/${header})
    if(NOT EXISTS ${file})
      message(FATAL_ERROR "contactlab: header ${header} (a public header or included by one) does not exist")
    endif()
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
    file(STRINGS ${file} includes REGEX "^#include \"(models|contact|engine|scenes)/[^\"]+\\.h\"")
    foreach(line IN LISTS includes)
      string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" included "${line}")
      list(APPEND pending ${included})
    endforeach()
  endwhile()
  list(SORT closure)
  set(${variable} ${closure} PARENT_SCOPE)
endfunction()

contactlab_include_closure(CONTACTLAB_INSTALLED_HEADERS ${CONTACTLAB_PUBLIC_HEADERS})
foreach(header IN LISTS CONTACTLAB_INSTALLED_HEADERS)
  cmake_path(GET header PARENT_PATH layer)
  install(FILES ${PROJECT_SOURCE_DIR}/${header}
    DESTINATION ${CONTACTLAB_INSTALL_INCLUDEDIR}/${layer}
    COMPONENT contactlab_development)
endforeach()

install(EXPORT contactlabTargets
  NAMESPACE contactlab::
  DESTINATION ${CONTACTLAB_INSTALL_CMAKEDIR}
  COMPONENT contactlab_development)

# The config re-finds the dependencies the exported targets name: Eigen3 always (public), and yaml-cpp
# and SUNDIALS when the layers are static archives (their private links then reach the consumer's link line).
get_target_property(_contactlab_engine_type contactlab_engine TYPE)
if(_contactlab_engine_type STREQUAL "STATIC_LIBRARY")
  set(CONTACTLAB_STATIC_LIBRARIES TRUE)
else()
  set(CONTACTLAB_STATIC_LIBRARIES FALSE)
endif()
unset(_contactlab_engine_type)

configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/contactlabConfig.cmake.in
  ${PROJECT_BINARY_DIR}/contactlabConfig.cmake
  INSTALL_DESTINATION ${CONTACTLAB_INSTALL_CMAKEDIR}
  NO_SET_AND_CHECK_MACRO)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/contactlabConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/contactlabConfig.cmake ${PROJECT_BINARY_DIR}/contactlabConfigVersion.cmake
  DESTINATION ${CONTACTLAB_INSTALL_CMAKEDIR}
  COMPONENT contactlab_development)
