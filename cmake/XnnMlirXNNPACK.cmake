# Finds the pinned XNNPACK (Debian 13 snapshot 0.0~git20241108): the project-local
# prefix made by utils/setup.sh, or the system one where it is new enough.
# Defines xnnmlir_link_xnnpack(<target>), which also sets the loader/rpath recipe
# the prefix needs (its libXNNPACK wants glibc 2.38; only XNNPACK executables use it).
set(XNNPACK_ROOT "${CMAKE_CURRENT_SOURCE_DIR}/third_party/xnnpack-prefix" CACHE PATH
    "Prefix holding usr/include/xnnpack.h and usr/lib/<triple>/libXNNPACK.so (see utils/setup.sh)")

find_path(XNNPACK_INCLUDE_DIR xnnpack.h HINTS "${XNNPACK_ROOT}/usr/include" "${XNNPACK_ROOT}/include" NO_DEFAULT_PATH)
find_library(XNNPACK_LIBRARY XNNPACK HINTS "${XNNPACK_ROOT}/usr/lib/x86_64-linux-gnu" "${XNNPACK_ROOT}/lib" NO_DEFAULT_PATH)
if(NOT XNNPACK_INCLUDE_DIR OR NOT XNNPACK_LIBRARY)
  find_path(XNNPACK_INCLUDE_DIR xnnpack.h)
  find_library(XNNPACK_LIBRARY XNNPACK)
endif()
if(NOT XNNPACK_INCLUDE_DIR OR NOT XNNPACK_LIBRARY)
  message(FATAL_ERROR "XNNPACK not found. Run utils/setup.sh (it unpacks Debian 13's libxnnpack into "
                      "third_party/xnnpack-prefix) or pass -DXNNPACK_ROOT=<prefix>.")
endif()
file(READ "${XNNPACK_INCLUDE_DIR}/xnnpack.h" _xnn_header)
foreach(feature xnn_datatype_bf16 xnn_define_static_transpose xnn_define_unary xnn_define_binary xnn_define_static_reduce)
  string(FIND "${_xnn_header}" "${feature}" _pos)
  if(_pos EQUAL -1)
    message(FATAL_ERROR "XNNPACK at ${XNNPACK_INCLUDE_DIR} lacks ${feature}: it is too old "
                        "(Debian 12's package). Run utils/setup.sh to get the pinned Debian 13 snapshot.")
  endif()
endforeach()
get_filename_component(XNNPACK_LIBDIR "${XNNPACK_LIBRARY}" DIRECTORY)
set(XNNPACK_PRIVATE_LOADER "")
get_filename_component(_xnn_prefix "${XNNPACK_LIBDIR}/../../.." ABSOLUTE)
if(EXISTS "${_xnn_prefix}/usr/lib64/ld-linux-x86-64.so.2" AND EXISTS "${XNNPACK_LIBDIR}/libm.so.6")
  set(XNNPACK_PRIVATE_LOADER "${_xnn_prefix}/usr/lib64/ld-linux-x86-64.so.2")
endif()
message(STATUS "XNNPACK: ${XNNPACK_LIBRARY} (headers ${XNNPACK_INCLUDE_DIR}; loader ${XNNPACK_PRIVATE_LOADER})")

function(xnnmlir_link_xnnpack target)
  target_include_directories(${target} SYSTEM PRIVATE "${XNNPACK_INCLUDE_DIR}")
  if(XNNPACK_PRIVATE_LOADER)
    # libm first in NEEDED (else the system libm wins), DT_RPATH (not RUNPATH) so that
    # libXNNPACK's own pthreadpool/cpuinfo come from the prefix too, and the prefix's loader.
    target_link_options(${target} PRIVATE
      -Wl,--no-as-needed "${XNNPACK_LIBDIR}/libm.so.6" -Wl,--disable-new-dtags
      "-Wl,--dynamic-linker=${XNNPACK_PRIVATE_LOADER}"
      # The prefix's libstdc++/libXNNPACK need glibc 2.38 symbols the system's link-time
      # libc lacks; the prefix's loader and libc provide them at run time.
      -Wl,--allow-shlib-undefined)
    # Installed under libexec/xnnmlir and started by the launcher through the
    # installed copy of the prefix (xnnmlir_install_xnnpack_tool).
    set_target_properties(${target} PROPERTIES
      BUILD_RPATH "${XNNPACK_LIBDIR};${LLVM_LIBRARY_DIR};${CMAKE_BINARY_DIR}/lib"
      INSTALL_RPATH "\$ORIGIN/../../lib/xnnmlir/xnnpack;\$ORIGIN/../../lib;${LLVM_LIBRARY_DIR}")
  else()
    set_target_properties(${target} PROPERTIES
      BUILD_RPATH "${XNNPACK_LIBDIR};${LLVM_LIBRARY_DIR};${CMAKE_BINARY_DIR}/lib"
      INSTALL_RPATH "\$ORIGIN/../lib;${LLVM_LIBRARY_DIR}")
  endif()
  target_link_libraries(${target} PRIVATE "-L${XNNPACK_LIBDIR}" XNNPACK pthreadpool)
endfunction()

# Installs an executable linked by xnnmlir_link_xnnpack. With the prefix's own
# loader, the executable goes to libexec/xnnmlir and bin/<name> is the launcher
# (tools/xnnmlir-launcher): a loader path cannot be relative, a launcher can.
function(xnnmlir_install_xnnpack_tool target)
  if(XNNPACK_PRIVATE_LOADER)
    install(TARGETS ${target} RUNTIME DESTINATION libexec/xnnmlir)
    install(PROGRAMS $<TARGET_FILE:xnnmlir-launcher> DESTINATION bin RENAME ${target})
  else()
    install(TARGETS ${target} RUNTIME DESTINATION bin)
  endif()
endfunction()

# The same recipe for programs built outside CMake from emitted C:
#   cc -std=c11 model.c examples/run_delegate.c $(cat build/share/xnnmlir/xnnpack.flags) -o model
set(_xnn_flags "-I${XNNPACK_INCLUDE_DIR} -L${XNNPACK_LIBDIR} -lXNNPACK -lpthreadpool -lm")
if(XNNPACK_PRIVATE_LOADER)
  string(PREPEND _xnn_flags "-Wl,--no-as-needed ${XNNPACK_LIBDIR}/libm.so.6 -Wl,--disable-new-dtags -Wl,-rpath,${XNNPACK_LIBDIR} -Wl,--dynamic-linker=${XNNPACK_PRIVATE_LOADER} -Wl,--allow-shlib-undefined ")
endif()
file(WRITE "${CMAKE_BINARY_DIR}/share/xnnmlir/xnnpack.flags" "${_xnn_flags}\n")

# The installed tree carries the XNNPACK it was built with, where it is a
# private prefix: its libraries, glibc and loader in lib/xnnmlir/xnnpack, its
# headers in lib/xnnmlir/xnnpack/include, and the recipe above as
# xnnmlir-xnnpack.pc (paths relative to the .pc file, so the tree can move).
if(XNNPACK_PRIVATE_LOADER)
  install(DIRECTORY "${XNNPACK_LIBDIR}/" DESTINATION lib/xnnmlir/xnnpack USE_SOURCE_PERMISSIONS
          FILES_MATCHING PATTERN "*.so" PATTERN "*.so.*" PATTERN "gconv" EXCLUDE)
  install(FILES "${XNNPACK_INCLUDE_DIR}/xnnpack.h" "${XNNPACK_INCLUDE_DIR}/pthreadpool.h"
          DESTINATION lib/xnnmlir/xnnpack/include)
  set(XNNMLIR_PC_XNNPACK_CFLAGS "-I\${xnnpackdir}/include")
  set(XNNMLIR_PC_XNNPACK_LIBS "-Wl,--no-as-needed \${xnnpackdir}/libm.so.6 -Wl,--disable-new-dtags -Wl,-rpath,\${xnnpackdir} -Wl,--dynamic-linker=\${xnnpackdir}/ld-linux-x86-64.so.2 -Wl,--allow-shlib-undefined -L\${xnnpackdir} -lXNNPACK -lpthreadpool -lm")
else()
  set(XNNMLIR_PC_XNNPACK_CFLAGS "-I${XNNPACK_INCLUDE_DIR}")
  set(XNNMLIR_PC_XNNPACK_LIBS "-L${XNNPACK_LIBDIR} -lXNNPACK -lpthreadpool -lm")
endif()
