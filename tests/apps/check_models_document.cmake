# Regenerates the force-law page with `contactlab models --markdown` and fails if docs/models.md differs from it,
# so the page cannot drift from the registry. Called by ctest with -DCONTACTLAB=<binary> -DDOCUMENT=<docs/models.md>
# -DOUTPUT=<scratch file>.
execute_process(COMMAND "${CONTACTLAB}" -q models --markdown
                OUTPUT_FILE "${OUTPUT}"
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "`contactlab models --markdown` failed (exit ${status})")
endif()
file(READ "${DOCUMENT}" committed)
file(READ "${OUTPUT}" generated)
if(NOT committed STREQUAL generated)
  execute_process(COMMAND diff -u "${DOCUMENT}" "${OUTPUT}")
  message(FATAL_ERROR "docs/models.md is out of date; regenerate it with\n"
                      "  build/apps/contactlab models --markdown > docs/models.md")
endif()
