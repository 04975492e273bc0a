"""Loom test: a built library or program carries CUDA device code: a registered fat binary
(`__cudaRegisterFatBinary` and the `.nv_fatbin` section) with a cubin for every architecture asked
for. Reads the section with objcopy and walks the fat binary headers (no GPU, no cuobjdump needed).

usage: CheckFatBinary.py FILE ARCH [ARCH ...]     e.g. CheckFatBinary.py libLoomFilters.so 80 90
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
    path, wanted = sys.argv[1], sorted(int(a) for a in sys.argv[2:])
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
    print("PASS")


main()
