# Links the MLIR C API the clean way: the libMLIRCAPI*.a archives (which hold the
# mlir* C symbols that libMLIR.so does not export) plus the shared libMLIR/libLLVM
# that mlir-opt itself loads. The imported MLIRCAPI* targets are avoided on purpose:
# they drag in a second, static copy of the MLIR core.
set(XNNMLIR_CAPI_COMPONENTS IR IRDL Func Transforms Debug)
set(XNNMLIR_CAPI_ARCHIVES "")
foreach(c ${XNNMLIR_CAPI_COMPONENTS})
  set(_a "${LLVM_LIBRARY_DIR}/libMLIRCAPI${c}.a")
  if(NOT EXISTS "${_a}")
    message(FATAL_ERROR "MLIR C API archive ${_a} not found: install libmlir-22-dev (utils/setup.sh)")
  endif()
  list(APPEND XNNMLIR_CAPI_ARCHIVES "${_a}")
endforeach()
find_library(XNNMLIR_LIBMLIR NAMES MLIR PATHS ${LLVM_LIBRARY_DIR} NO_DEFAULT_PATH REQUIRED)
find_library(XNNMLIR_LIBLLVM NAMES LLVM PATHS ${LLVM_LIBRARY_DIR} NO_DEFAULT_PATH REQUIRED)

# xnnmlir_link_capi(<target> [WHOLE])
# WHOLE links every C API symbol in, for executables that host plugins (which
# resolve mlir* symbols against the executable) — combine with ENABLE_EXPORTS.
function(xnnmlir_link_capi target)
  cmake_parse_arguments(ARG "WHOLE" "" "" ${ARGN})
  if(ARG_WHOLE)
    target_link_libraries(${target} PRIVATE -Wl,--whole-archive ${XNNMLIR_CAPI_ARCHIVES} -Wl,--no-whole-archive)
  else()
    target_link_libraries(${target} PRIVATE -Wl,--start-group ${XNNMLIR_CAPI_ARCHIVES} -Wl,--end-group)
  endif()
  target_link_libraries(${target} PRIVATE ${XNNMLIR_LIBMLIR} ${XNNMLIR_LIBLLVM} stdc++ m)
  set_property(TARGET ${target} APPEND PROPERTY BUILD_RPATH "${LLVM_LIBRARY_DIR}")
endfunction()

# xnnmlir_embed_text(<out.c> <symbol> <input>) generates a C file defining
# `const char <symbol>[]` (NUL-terminated) and `const size_t <symbol>_size`.
function(xnnmlir_embed_text out symbol input)
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DINPUT=${input} -DOUTPUT=${out} -DSYMBOL=${symbol}
            -P ${XNNMLIR_SOURCE_DIR}/cmake/EmbedText.cmake
    DEPENDS ${input} ${XNNMLIR_SOURCE_DIR}/cmake/EmbedText.cmake
    COMMENT "Embedding ${input}")
endfunction()
