#!/usr/bin/env python3
"""The content benchmark's zip: 1,000 markdown pages (~5 MB) in 10 folders and 100 distinct PNG images.

Usage: python3 bench/make-content-zip.py <out.zip> [folders]  (stdlib only; the same bytes on every run;
folders: 10 by default, 100 pages each; the smoke run makes fewer)
"""
import random
import struct
import sys
import zipfile
import zlib

random.seed(11)
WORDS = "docs quire page revision import markdown space content search link file image guide api install token team site".split()


def png(seed):
    """A distinct 32x32 grey PNG per seed."""
    raw = b"".join(b"\x00" + bytes([(seed * 7 + x) % 256 for x in range(32)]) for _ in range(32))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 32, 32, 8, 0, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def paragraph():
    return " ".join(random.choice(WORDS) for _ in range(random.randint(40, 90))).capitalize() + "."


def page(folder, n):
    body = [f"# Page {folder}-{n}", ""]
    for s in range(6):
        body += [f"## Section {s}", "", paragraph(), "", paragraph(), ""]
    body += ["```js", f"const page = '{folder}-{n}';", "```", ""]
    body += [f"See [the next page](page-{(n + 1) % 100:03d}.md) and [the folder](README.md).", ""]
    if n % 10 == 0:
        body += [f"![Diagram](../images/diagram-{folder}-{n // 10}.png)", ""]
    return "\n".join(body)


def main(out, folders=10):
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for folder in range(folders):
            z.writestr(f"folder-{folder}/README.md", f"# Folder {folder}\n\n{paragraph()}\n")
            for n in range(99):
                z.writestr(f"folder-{folder}/page-{n:03d}.md", page(folder, n))
            for i in range(10):
                z.writestr(f"images/diagram-{folder}-{i}.png", png(folder * 10 + i))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 10)
