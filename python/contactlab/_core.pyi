# SPDX-License-Identifier: MIT
# Type stubs of the extension contactlab._core (python/bind_*.cc); the package contactlab wraps it.
import enum
from typing import Any, Callable, Optional, Sequence, Union, overload

import numpy

Vec3 = numpy.ndarray  # shape (3,), float64: a Vec3 field reads as a read-only view of the spec's value
Vec3Like = Union[Sequence[float], numpy.ndarray]  # what a Vec3 field takes: any 3-sequence or array

class SceneError(ValueError):
    """Bad input in a scene or an override: where it is, and what is wrong."""
    file: str
    line: int  # 1-based; 0 when unknown
    column: int  # 1-based; 0 when unknown
    key: str  # the key path, as --set takes it (bodies[0].mass), or the option (--model)
    problem: str  # the message without the place

class SweepArgumentError(ValueError):
    """A malformed --vary (or set=) argument of a sweep."""

# The scene specification (engine/scene_spec.h; python/bind_spec.cc): the C++ names and fields. Every class takes its
# fields as keywords (the rest keep their C++ defaults) and has repr and ==; an Optional field takes None.

class HertzStiffness:
    """stiffness: hertz, K = (4/3) E* √R* with exponent 3/2."""
    def __init__(self) -> None: ...

class TimeFunction:
    """A generalized force of time on a one-coordinate joint [N·m or N]: constant, sine, table (held outside it) or
    expression in t."""
    class Kind(enum.Enum):
        kConstant: int
        kSine: int
        kTable: int
        kExpression: int
    kind: TimeFunction.Kind
    value: float  # constant; the sine's offset
    amplitude: float
    frequency: float  # [Hz]
    phase: float  # [rad]
    times: list[float]  # table, increasing [s]
    values: list[float]  # table
    expression: str  # kExpression: the expression in t, as text (ValueError for one that does not parse)
    def __init__(self, *, kind: TimeFunction.Kind = ..., value: float = ..., amplitude: float = ...,
        frequency: float = ..., phase: float = ..., times: list[float] = ..., values: list[float] = ...,
        expression: str = ...) -> None: ...

class Drive:
    """A prescribed motion q(t) of a one-coordinate joint [rad or m]."""
    class Kind(enum.Enum):
        kNone: int
        kSpeed: int
        kSine: int
        kTable: int
        kExpression: int
    kind: Drive.Kind
    start: float  # kSpeed: q(0)
    speed: float  # kSpeed: q̇ [rad/s or m/s]
    amplitude: float
    frequency: float  # [Hz]
    phase: float  # [rad]
    offset: float
    times: list[float]  # table, increasing [s]
    positions: list[float]  # table
    expression: str  # kExpression: the expression in t, as text (ValueError for one that does not parse)
    def __init__(self, *, kind: Drive.Kind = ..., start: float = ..., speed: float = ..., amplitude: float = ...,
        frequency: float = ..., phase: float = ..., offset: float = ..., times: list[float] = ...,
        positions: list[float] = ..., expression: str = ...) -> None: ...

class MaterialSpec:
    """A material, by name."""
    name: str
    youngs_modulus: Optional[float]  # E [Pa] > 0; required unless rigid
    rigid: bool
    poisson_ratio: float  # ν in (−1, 0.5)
    density: float  # ρ [kg/m³] ≥ 0
    yield_strength: Optional[float]  # σ_y [Pa] > 0; None: infinite
    restitution: Optional[float]
    friction: Optional[float]  # μ_k ≥ 0
    static_friction: Optional[float]  # μ_s ≥ μ_k; None: μ_k
    def __init__(self, *, name: str = ..., youngs_modulus: Optional[float] = ..., rigid: bool = ...,
        poisson_ratio: float = ..., density: float = ..., yield_strength: Optional[float] = ...,
        restitution: Optional[float] = ..., friction: Optional[float] = ...,
        static_friction: Optional[float] = ...) -> None: ...

class RotationSpec:
    """A rotation by `angle` [rad] about `axis` (any non-zero length)."""
    axis: Vec3
    angle: Optional[float]  # [rad], required
    def __init__(self, *, axis: Vec3Like = ..., angle: Optional[float] = ...) -> None: ...

class ShapeSpec:
    """A shape on a body or the world (docs/scenes.md, shapes)."""
    name: Optional[str]  # None: the body's name
    type: str  # sphere, box, halfspace, capsule, cylinder, hole, …
    radius: Optional[float]  # [m]
    length: Optional[float]  # [m]
    size: Optional[Vec3]  # a box's full extents [m]
    half_extents: Optional[Vec3]  # [m]
    position: Vec3  # in the body frame [m]
    axis: Vec3
    normal: Optional[Vec3]  # a halfspace's outward normal; None: +z
    rotation: Optional[RotationSpec]
    material: str  # a material's name; '' none
    group: int
    mask: int
    def __init__(self, *, name: Optional[str] = ..., type: str = ..., radius: Optional[float] = ...,
        length: Optional[float] = ..., size: Optional[Vec3Like] = ..., half_extents: Optional[Vec3Like] = ...,
        position: Vec3Like = ..., axis: Vec3Like = ..., normal: Optional[Vec3Like] = ...,
        rotation: Optional[RotationSpec] = ..., material: str = ..., group: int = ..., mask: int = ...) -> None: ...

class JointSpec:
    """A body's joint to its parent."""
    type: str  # fixed, revolute, prismatic, planar, spherical, free
    parent: str  # a body listed earlier, or 'world'
    axis: Vec3
    position: Vec3  # of the joint frame in the parent's frame [m]
    rotation: Optional[RotationSpec]
    stiffness: Optional[float]  # [N·m/rad or N/m] ≥ 0
    damping: Optional[float]  # [N·m·s/rad or N·s/m] ≥ 0
    rest_position: Optional[float]  # [rad or m]
    effort: Optional[TimeFunction]  # [N·m or N]
    drive: Optional[Drive]
    def __init__(self, *, type: str = ..., parent: str = ..., axis: Vec3Like = ..., position: Vec3Like = ...,
        rotation: Optional[RotationSpec] = ..., stiffness: Optional[float] = ..., damping: Optional[float] = ...,
        rest_position: Optional[float] = ..., effort: Optional[TimeFunction] = ...,
        drive: Optional[Drive] = ...) -> None: ...

class InitialSpec:
    """A joint's initial values: raw q and v, or those its type takes."""
    q: Optional[list[float]]
    v: Optional[list[float]]
    position: Optional[Vec3]  # [m]
    angle: Optional[float]  # [rad]
    orientation: Optional[RotationSpec]
    linear_velocity: Optional[Vec3]  # [m/s]
    angular_velocity: Optional[Vec3]  # [rad/s]
    def __init__(self, *, q: Optional[list[float]] = ..., v: Optional[list[float]] = ...,
        position: Optional[Vec3Like] = ..., angle: Optional[float] = ..., orientation: Optional[RotationSpec] = ...,
        linear_velocity: Optional[Vec3Like] = ..., angular_velocity: Optional[Vec3Like] = ...) -> None: ...

class BodySpec:
    """A body, its joint, initial values and shapes."""
    name: Optional[str]  # required, unique
    mass: Optional[float]  # [kg]; required unless the joint is fixed
    com: Optional[Vec3]  # [m]; None: the shapes'
    inertia: Optional[Vec3]  # principal moments [kg·m²]; None: from the shapes
    joint: JointSpec
    initial: InitialSpec
    shapes: list[ShapeSpec]
    def __init__(self, *, name: Optional[str] = ..., mass: Optional[float] = ..., com: Optional[Vec3Like] = ...,
        inertia: Optional[Vec3Like] = ..., joint: JointSpec = ..., initial: InitialSpec = ...,
        shapes: list[ShapeSpec] = ...) -> None: ...

class ConstraintSpec:
    """A joint that closes a kinematic loop."""
    name: Optional[str]
    type: str  # revolute, prismatic, spherical, weld, distance
    body_a: Optional[str]
    body_b: Optional[str]
    position_a: Vec3  # [m]
    position_b: Vec3  # [m]
    axis: Vec3
    length: Optional[float]  # distance [m] > 0
    def __init__(self, *, name: Optional[str] = ..., type: str = ..., body_a: Optional[str] = ...,
        body_b: Optional[str] = ..., position_a: Vec3Like = ..., position_b: Vec3Like = ..., axis: Vec3Like = ...,
        length: Optional[float] = ...) -> None: ...

class WorldSpec:
    """The shapes fixed to the world."""
    shapes: list[ShapeSpec]
    def __init__(self, *, shapes: list[ShapeSpec] = ...) -> None: ...

class ParameterValue:
    """One law parameter by name, in the law's SI unit."""
    name: str
    value: float
    @overload
    def __init__(self, *, name: str = ..., value: float = ...) -> None: ...
    @overload
    def __init__(self, name: str, value: float) -> None: ...
    @overload
    def __init__(self, pair: tuple[str, float]) -> None: ...

class CalibrationSpec:
    """The value of one law parameter for which the pair's isolated impact returns a restitution."""
    parameter: Optional[str]  # required
    restitution: Optional[float]  # required, in (0, 1)
    impact_velocity: float  # [m/s] > 0
    mass: Optional[float]  # [kg] > 0; None: the pair's reduced mass
    def __init__(self, *, parameter: Optional[str] = ..., restitution: Optional[float] = ...,
        impact_velocity: float = ..., mass: Optional[float] = ...) -> None: ...

class FrictionSpec:
    """A tangential law by id or alias and its parameters."""
    law: Optional[str]  # required; 'none': frictionless
    parameters: list[ParameterValue]
    def __init__(self, *, law: Optional[str] = ...,
        parameters: Sequence[Union[ParameterValue, tuple[str, float]]] = ...,
        ) -> None: ...

class LawParametersSpec:
    """Parameters for one law, applied when that law is in use."""
    law: str
    parameters: list[ParameterValue]
    def __init__(self, *, law: str = ...,
        parameters: Sequence[Union[ParameterValue, tuple[str, float]]] = ...,
        ) -> None: ...

class PairSpec:
    """A listed pair: its two shapes and what it gives instead of the contacts block."""
    shapes: list[str]
    method: Optional[str]
    law: Optional[str]
    parameters: list[ParameterValue]
    laws: list[LawParametersSpec]
    stiffness: Optional[Union[HertzStiffness, float]]  # HertzStiffness() or K [N/m^n]
    exponent: Optional[float]
    mass: Optional[str]
    tension: Optional[str]
    calibrate: Optional[CalibrationSpec]
    friction: Optional[FrictionSpec]
    def __init__(self, *, shapes: list[str] = ..., method: Optional[str] = ..., law: Optional[str] = ...,
        parameters: Sequence[Union[ParameterValue, tuple[str, float]]] = ..., laws: list[LawParametersSpec] = ...,
        stiffness: Optional[Union[HertzStiffness, float]] = ..., exponent: Optional[float] = ...,
        mass: Optional[str] = ..., tension: Optional[str] = ..., calibrate: Optional[CalibrationSpec] = ...,
        friction: Optional[FrictionSpec] = ...) -> None: ...

class ClearanceSpec:
    """A joint with clearance: revolute or translational."""
    name: Optional[str]  # required
    type: str  # revolute or translational
    body_a: Optional[str]
    body_b: Optional[str]
    position_a: Vec3  # [m]
    position_b: Vec3  # [m]
    axis: Vec3
    normal: Optional[Vec3]
    clearance: Optional[float]  # [m]
    bearing_radius: Optional[float]  # [m]
    journal_radius: Optional[float]  # [m]
    length: Optional[float]  # [m]
    half_length: Optional[float]  # [m]
    half_height: Optional[float]  # [m]
    half_width: Optional[float]  # [m]
    material: str
    contact: PairSpec
    def __init__(self, *, name: Optional[str] = ..., type: str = ..., body_a: Optional[str] = ...,
        body_b: Optional[str] = ..., position_a: Vec3Like = ..., position_b: Vec3Like = ..., axis: Vec3Like = ...,
        normal: Optional[Vec3Like] = ..., clearance: Optional[float] = ..., bearing_radius: Optional[float] = ...,
        journal_radius: Optional[float] = ..., length: Optional[float] = ..., half_length: Optional[float] = ...,
        half_height: Optional[float] = ..., half_width: Optional[float] = ..., material: str = ...,
        contact: PairSpec = ...) -> None: ...

class ContactsSpec:
    """The contacts block: the law, its parameters, friction, pairs."""
    method: Optional[str]  # penalty (default) or impulse
    law: Optional[str]  # a law's id or alias; None: hertz
    parameters: list[ParameterValue]
    laws: list[LawParametersSpec]
    stiffness: Optional[Union[HertzStiffness, float]]  # HertzStiffness() or K [N/m^n]; None: Hertz
    exponent: Optional[float]
    mass: Optional[str]  # multibody (default) or reduced
    tension: Optional[str]  # allow (default), clamp or release
    calibrate: Optional[CalibrationSpec]
    friction: Optional[FrictionSpec]
    pairs: Optional[list[PairSpec]]  # None: every pair of shapes that may touch
    reference_speed: Optional[float]  # [m/s] > 0
    impact_velocity_floor: Optional[float]  # [m/s]
    stick_speed: Optional[float]  # [m/s]
    rest_bounce_ratio: Optional[float]
    rest_stroke_ratio: Optional[float]
    broadphase: Optional[str]  # auto (default), on or off
    margin: Optional[float]  # [m]
    def __init__(self, *, method: Optional[str] = ..., law: Optional[str] = ...,
        parameters: Sequence[Union[ParameterValue, tuple[str, float]]] = ..., laws: list[LawParametersSpec] = ...,
        stiffness: Optional[Union[HertzStiffness, float]] = ..., exponent: Optional[float] = ...,
        mass: Optional[str] = ..., tension: Optional[str] = ..., calibrate: Optional[CalibrationSpec] = ...,
        friction: Optional[FrictionSpec] = ..., pairs: Optional[list[PairSpec]] = ...,
        reference_speed: Optional[float] = ..., impact_velocity_floor: Optional[float] = ...,
        stick_speed: Optional[float] = ..., rest_bounce_ratio: Optional[float] = ...,
        rest_stroke_ratio: Optional[float] = ..., broadphase: Optional[str] = ...,
        margin: Optional[float] = ...) -> None: ...

class IntegratorSpec:
    """The integrator and its settings."""
    method: str
    step: Optional[float]  # [s]: the fixed-step methods'
    relative_tolerance: Optional[float]
    absolute_tolerance: Optional[float]
    initial_step: float  # [s]; 0: automatic
    max_step: float  # [s]; 0: unbounded
    max_steps: Optional[int]
    locate_force_peaks: bool
    bdf_at_rest: bool
    baumgarte_frequency: Optional[float]  # [1/s] ≥ 0
    def __init__(self, *, method: str = ..., step: Optional[float] = ..., relative_tolerance: Optional[float] = ...,
        absolute_tolerance: Optional[float] = ..., initial_step: float = ..., max_step: float = ...,
        max_steps: Optional[int] = ..., locate_force_peaks: bool = ..., bdf_at_rest: bool = ...,
        baumgarte_frequency: Optional[float] = ...) -> None: ...

class OutputSpec:
    """The samples a run records."""
    interval: Optional[float]  # [s] ≥ 0; None: duration/1000; 0: no regular samples
    steps_in_contact: bool
    def __init__(self, *, interval: Optional[float] = ..., steps_in_contact: bool = ...) -> None: ...

class ChecksSpec:
    """The run's checks and their tolerances."""
    energy_tolerance: Optional[float]
    max_indentation_ratio: Optional[float]
    overlap_tolerance: Optional[float]
    constraint_tolerance: Optional[float]  # [m or rad] > 0
    def __init__(self, *, energy_tolerance: Optional[float] = ..., max_indentation_ratio: Optional[float] = ...,
        overlap_tolerance: Optional[float] = ..., constraint_tolerance: Optional[float] = ...) -> None: ...

class SceneSpec:
    """A scene written in code (engine/scene_spec.h); Scene.from_spec compiles it."""
    name: Optional[str]  # required
    description: str
    gravity: Vec3  # [m/s²]
    materials: list[MaterialSpec]
    world: WorldSpec
    bodies: list[BodySpec]  # a parent before its children
    constraints: list[ConstraintSpec]
    clearances: list[ClearanceSpec]
    contacts: ContactsSpec
    duration: Optional[float]  # [s] > 0, required
    integrator: IntegratorSpec
    output: OutputSpec
    checks: ChecksSpec
    def __init__(self, *, name: Optional[str] = ..., description: str = ..., gravity: Vec3Like = ...,
        materials: list[MaterialSpec] = ..., world: WorldSpec = ..., bodies: list[BodySpec] = ...,
        constraints: list[ConstraintSpec] = ..., clearances: list[ClearanceSpec] = ..., contacts: ContactsSpec = ...,
        duration: Optional[float] = ..., integrator: IntegratorSpec = ..., output: OutputSpec = ...,
        checks: ChecksSpec = ...) -> None: ...


class Scene:
    """A compiled scene: its model, initial state and run options. contactlab.load makes one; scene.run() runs it."""
    @property
    def name(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def file(self) -> str: ...
    @property
    def variables(self) -> dict[str, float]: ...
    @property
    def law(self) -> str: ...
    @property
    def duration(self) -> float: ...
    @property
    def output_interval(self) -> float: ...
    @property
    def bodies(self) -> list[str]: ...
    @property
    def pairs(self) -> list[str]: ...
    @property
    def measures(self) -> list[str]: ...
    @property
    def notes(self) -> list[str]: ...
    @property
    def degrees_of_freedom(self) -> int: ...
    def run(self) -> Any: ...  # contactlab.Result (set by the package)
    @staticmethod
    def from_spec(spec: SceneSpec, model: str = "") -> Scene:
        """Compiles and calibrates a SceneSpec; SceneError with its key path, file '<SceneSpec>', line 0."""

def load(path: str, overrides: Sequence[tuple[str, str]], model: str) -> Scene: ...
def load_text(text: str, file: str, overrides: Sequence[tuple[str, str]], model: str) -> Scene: ...
def run(scene: Scene) -> dict[str, Any]: ...
def compare(path: str, text: Optional[str], overrides: Sequence[tuple[str, str]], laws: Sequence[str],
            threads: Optional[int]) -> tuple[str, list[str], list[Optional[dict[str, Any]]], list[str]]: ...
def compare_spec(spec: SceneSpec, laws: Sequence[str],
                 threads: Optional[int]) -> tuple[str, list[str], list[Optional[dict[str, Any]]], list[str]]: ...
def models_json() -> str: ...
def friction_models_json() -> str: ...
def plan_sweep(scene_file: str, model: str, overrides: Sequence[str], varies: Sequence[str]) -> str: ...
def case_count(plan: str) -> int: ...
def run_case(plan: str, index: int) -> str: ...
def run_cases(plan: str, threads: Optional[int]) -> list[str]: ...
def failed_case(plan: str, index: int, message: str) -> str: ...
def collect_sweep(plan: str, cases: Sequence[str]) -> tuple[str, str, str]: ...
def register_law(id: str, function: Callable[..., float],
                 parameters: Sequence[tuple[str, str, str, float, bool, float, float]],
                 state: Sequence[tuple[str, str, str, float]], event: Optional[Callable[..., None]], formula: str,
                 source: str, notes: str) -> None: ...
