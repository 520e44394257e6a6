#!/usr/bin/env python3
"""The search benchmark's content: <spaces> zips of <pages> markdown pages each, in <outdir>/space-NNN.zip.

Words come from a synthetic 5,000-word vocabulary drawn with Zipf weights (a few words on most
pages, most words on few), so queries range from broad to selective like real text. Every page has
a title, four headed sections and a code block with an identifier; every space has a token of its
own (`spacetokNNN`, on every page: the lag probe), and 1 page in 50 the phrase "rolling upgrade".

Also writes <outdir>/queries.json: the queries the benchmark times, by kind.

Usage: python3 bench/make-search-zips.py <outdir> <spaces> <pages>  (stdlib only; same bytes every run)
"""
import json
import os
import random
import sys
import zipfile

random.seed(13)
SYLLABLES = "ka ro mi tu ne sa lo vi da pe zu fo gi ha ly mo ter bin cal dor".split()
VOCAB = sorted({"".join(random.choice(SYLLABLES) for _ in range(random.randint(2, 4))) for _ in range(6000)})[:5000]
random.shuffle(VOCAB)
WEIGHTS = [1 / (rank + 1) for rank in range(len(VOCAB))]


def words(n):
    return " ".join(random.choices(VOCAB, WEIGHTS, k=n))


def page(space, n):
    lines = [f"# {words(3).title()}", "", f"Overview spacetok{space:03d}. {words(60)}.", ""]
    for s in range(4):
        lines += [f"## {words(2).title()}", "", f"{words(70)}.", ""]
        if s == 1 and n % 50 == 0:
            lines += [f"Plan the rolling upgrade of {words(5)}.", ""]
    lines += ["```js", f"const result = fetchWidget{space}x{n}(client);", "```", ""]
    return "\n".join(lines)


def main(out, spaces, pages):
    os.makedirs(out, exist_ok=True)
    for space in range(spaces):
        with zipfile.ZipFile(os.path.join(out, f"space-{space:03d}.zip"), "w", zipfile.ZIP_DEFLATED) as z:
            for n in range(pages):
                z.writestr(f"page-{n:03d}.md", page(space, n))
    # The queries the benchmark times, from broad (the most frequent word) to selective.
    queries = {
        "frequent word": VOCAB[0],
        "mid-frequency word": VOCAB[300],
        "rare word": VOCAB[4000],
        "two words": f"{VOCAB[20]} {VOCAB[700]}",
        "phrase": '"rolling upgrade"',
        "exclusion": f"{VOCAB[100]} -{VOCAB[3]}",
        "identifier": f"fetchWidget{spaces // 2}x{pages // 2}",
    }
    with open(os.path.join(out, "queries.json"), "w") as f:
        json.dump(queries, f, indent=2)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
