"""Loom test: a built library or program carries CUDA device code: a registered fat binary
(`__cudaRegisterFatBinary` and the `.nv_fatbin` section) with a cubin for every architecture asked
for (CMake's spelling: 90 or 90-real), or PTX where it is asked for as virtual (90-virtual: the test
command's build on a machine without a GPU, which compiles the device code to PTX only). Reads the section with objcopy and walks the fat binary headers (no GPU, no cuobjdump needed).

With --kernels, each given name must also appear in the launch stub of a Loom kernel (the host
symbol nvcc makes for every instantiated __global__ function, e.g. Schedule1DKernel<...TaskSingular<
loom::algorithms::contour::GeneratePrimitives<3>...>>): the worklet families' device code is there.

usage: CheckFatBinary.py FILE ARCH [ARCH ...] [--kernels NAME ...]   (ARCH: 90, 90-real, 90-virtual)
       e.g. CheckFatBinary.py libLoomFilters.so 80 90 --kernels loom::algorithms::contour::
"""
import os
import struct
import subprocess
import sys
import tempfile

FATBIN_MAGIC = 0xBA55ED50


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def main():
    if len(sys.argv) < 3:
        fail(__doc__)
    args = sys.argv[1:]
    kernels = []
    if "--kernels" in args:
        at = args.index("--kernels")
        args, kernels = args[:at], args[at + 1:]
    path = args[0]
    wanted = sorted(int(a.split("-")[0]) for a in args[1:] if not a.endswith("-virtual"))
    wanted_ptx = sorted(int(a.split("-")[0]) for a in args[1:] if a.endswith("-virtual"))
    symbols = subprocess.run(["nm", "-C", path], capture_output=True, text=True).stdout
    if "__cudaRegisterFatBinary" not in symbols:
        fail(path + " does not register a CUDA fat binary (no __cudaRegisterFatBinary).")
    with tempfile.TemporaryDirectory() as tmp:
        section = os.path.join(tmp, "fatbin")
        subprocess.run(["objcopy", "-O", "binary", "--only-section=.nv_fatbin", path, section], check=True)
        data = open(section, "rb").read() if os.path.exists(section) else b""
    if not data:
        fail(path + " has no .nv_fatbin section.")
    cubins, ptx, pos, fatbins = set(), set(), 0, 0
    while pos + 16 <= len(data):
        magic, _, header, size = struct.unpack_from("<IHHQ", data, pos)
        if magic != FATBIN_MAGIC:
            pos += 8  # fat binaries of separate translation units are 8-byte aligned
            continue
        fatbins += 1
        entry, end = pos + header, pos + header + size
        while entry + 32 <= end:
            kind, _, entry_header, payload = struct.unpack_from("<HHIQ", data, entry)
            arch = struct.unpack_from("<I", data, entry + 28)[0]
            (cubins if kind == 2 else ptx).add(arch)
            entry += entry_header + payload
        pos = end
    print("%s: %d fat binaries; cubins for sm_%s; PTX for %s" % (
        path, fatbins, ", sm_".join(str(a) for a in sorted(cubins)),
        ", ".join("compute_%d" % a for a in sorted(ptx)) or "none"))
    missing = [a for a in wanted if a not in cubins]
    if fatbins == 0 or missing:
        fail("no cubin for sm_%s in %s." % (", sm_".join(str(a) for a in missing or wanted), path))
    missing_ptx = [a for a in wanted_ptx if a not in ptx]
    if missing_ptx:
        fail("no PTX for compute_%s in %s." % (", compute_".join(str(a) for a in missing_ptx), path))
    stubs = [line for line in symbols.splitlines() if "Kernel<" in line and "loom::cont::cuda::internal::" in line]
    for name in kernels:
        found = sum(1 for line in stubs if name in line)
        print("kernels with %s: %d" % (name, found))
        if found == 0:
            fail("no Loom kernel instantiated with %s in %s." % (name, path))
    print("PASS")


main()
