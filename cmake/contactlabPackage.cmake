# The library as a package: the umbrella target contactlab::contactlab and, when CONTACTLAB_INSTALL is on,
# the install rules for headers, libraries and the CMake package (find_package(contactlab)).
# Included from the top-level CMakeLists.txt after the four library layers; defines no layer target itself.
#
# Installed layout (relative to the prefix):
#   include/contactlab/{models,contact,engine,scenes}/*.h   included as "engine/simulate.h" etc.
#   lib/libcontactlab_{models,contact,engine,scenes}.{a,so}
#   lib/cmake/contactlab/contactlab{Config,ConfigVersion,Targets,Targets-<config>}.cmake
# Exported targets: contactlab::contactlab (all four layers), contactlab::models, contactlab::contact,
# contactlab::engine, contactlab::scenes, and contactlab::law_api (the law interface's headers, for plugins).

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
  INCLUDES DESTINATION ${CONTACTLAB_INSTALL_INCLUDEDIR})
install(TARGETS contactlab_warnings EXPORT contactlabTargets)

# Headers only (every layer header, since the public ones include the others), keeping the layer
# directories so that the in-tree #include lines work unchanged.
foreach(layer IN ITEMS models contact engine scenes)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/${layer}/
    DESTINATION ${CONTACTLAB_INSTALL_INCLUDEDIR}/${layer}
    COMPONENT contactlab_development
    FILES_MATCHING PATTERN "*.h")
endforeach()

install(EXPORT contactlabTargets
  NAMESPACE contactlab::
  DESTINATION ${CONTACTLAB_INSTALL_CMAKEDIR}
  COMPONENT contactlab_development)

# The config re-finds the dependencies the exported targets name: Eigen3 always (public), and FCL, yaml-cpp
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
