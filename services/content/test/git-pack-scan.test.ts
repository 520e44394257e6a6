import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { entryHeader } from '../src/modules/git-sync/domain/git-pack';
import { packOfUploadPackAnswer, scanPack, type PackBounds } from '../src/modules/git-sync/domain/git-pack-scan';
import { GitSyncError } from '../src/modules/git-sync/domain/git-remote';
import { git } from '../../../test/support/git-server';

// The pack reader that bounds a fetch before isomorphic-git inflates it, so a hostile pack cannot
// exhaust memory, checked on
// packs the real git CLI writes (whole objects, ofs- and ref-deltas) and on hostile headers.

const ROOMY: PackBounds = { maxObjects: 1_000, maxFileBytes: 10 * 1024 * 1024, maxRepoBytes: 100 * 1024 * 1024 };
let repo: string;

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'quire-pack-scan-'));
  git(repo, 'init', '-q', '-b', 'main');
  // Two versions of a long page: the second is stored as a delta of the first.
  const page = Array.from({ length: 2_000 }, (_, i) => `Line ${i} of the handbook.`).join('\n');
  writeFileSync(join(repo, 'page.md'), page);
  writeFileSync(join(repo, 'copy.md'), `${page}\nOne more line.\n`);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'first');
  writeFileSync(join(repo, 'page.md'), `${page}\nAn edit.\n`);
  git(repo, 'commit', '-q', '-am', 'second');
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

/** The pack git sends for `main` (`ofs`: deltas against an offset, else against an object id). */
function packOf(ofs: boolean): Buffer {
  return execFileSync('git', ['pack-objects', '--stdout', '--revs', ...(ofs ? ['--delta-base-offset'] : [])], {
    cwd: repo,
    input: 'main\n',
    stdio: ['pipe', 'pipe', 'ignore'],
  });
}

/** Objects reachable from main and their sizes, as git counts them. */
function gitObjects(): { objects: number; bytes: number } {
  const oids = git(repo, 'rev-list', '--objects', 'main')
    .split('\n')
    .map((line) => line.split(' ')[0]);
  const sizes = execFileSync('git', ['cat-file', '--batch-check=%(objectsize)'], { cwd: repo, input: oids.join('\n'), encoding: 'utf8' })
    .trim()
    .split('\n')
    .map(Number);
  return { objects: oids.length, bytes: sizes.reduce((a, b) => a + b, 0) };
}

async function refusal(run: () => Promise<unknown>): Promise<GitSyncError> {
  const err = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GitSyncError);
  return err as GitSyncError;
}

/** A pack of one object whose header declares `size` bytes, followed by `data`. */
function packDeclaring(type: number, size: number, data: Buffer): Buffer {
  const start = Buffer.from([0x50, 0x41, 0x43, 0x4b, 0, 0, 0, 2, 0, 0, 0, 1]);
  return Buffer.concat([start, entryHeader(type, size), data]);
}

describe('scanPack', () => {
  it('counts the objects and inflated bytes git counts, through ofs-deltas and ref-deltas', async () => {
    const expected = gitObjects();
    for (const ofs of [true, false]) {
      const pack = packOf(ofs);
      expect(pack.length).toBeLessThan(expected.bytes / 4); // deltas and zlib at work
      expect(await scanPack(pack, ROOMY)).toEqual(expected);
    }
  });

  it('refuses an object past maxFileBytes from its header, before inflating it', async () => {
    // 600 MB declared, 10 bytes of data: only the header is read.
    const hostile = packDeclaring(3, 600 * 1024 * 1024, Buffer.alloc(10));
    const err = await refusal(() => scanPack(hostile, ROOMY));
    expect([err.kind, err.details.limit]).toEqual(['too-large', 'maxFileBytes']);
    expect(err.message).toMatch(/blob of 629145600 bytes, more than the limit of 10485760/);
  });

  it('refuses objects that inflate past maxRepoBytes together, and more objects than maxObjects', async () => {
    const pack = packOf(true);
    const { bytes, objects } = gitObjects();
    const tooBig = await refusal(() => scanPack(pack, { ...ROOMY, maxRepoBytes: bytes - 1 }));
    expect([tooBig.kind, tooBig.details.limit]).toEqual(['too-large', 'maxRepoBytes']);
    const tooMany = await refusal(() => scanPack(pack, { ...ROOMY, maxObjects: objects - 1 }));
    expect([tooMany.kind, tooMany.details.limit]).toEqual(['too-large', 'maxObjects']);
    expect(tooMany.message).toContain(`${objects} objects`);
  });

  it('refuses a delta whose result is past maxFileBytes, and an object that inflates past its declared size', async () => {
    // A ref-delta (base id, then the delta: base size 1, result size 2^30).
    const delta = deflateSync(Buffer.from([0x01, 0x80, 0x80, 0x80, 0x80, 0x04]));
    const bigDelta = packDeclaring(7, 6, Buffer.concat([Buffer.alloc(20), delta]));
    const err = await refusal(() => scanPack(bigDelta, ROOMY));
    expect([err.kind, err.details.limit]).toEqual(['too-large', 'maxFileBytes']);

    const liar = packDeclaring(3, 10, deflateSync(Buffer.alloc(5_000)));
    expect((await refusal(() => scanPack(liar, ROOMY))).message).toMatch(/malformed pack/);
    expect((await refusal(() => scanPack(packOf(true).subarray(0, 40), ROOMY))).message).toMatch(/malformed pack/);
    expect((await refusal(() => scanPack(Buffer.from('not a pack at all'), ROOMY))).message).toMatch(/malformed pack/);
  });
});

describe('packOfUploadPackAnswer', () => {
  it('takes the pack from side band 1 after the shallow and NAK lines, and a pack sent without side band', () => {
    const pack = packOf(true);
    const pkt = (payload: Buffer) => Buffer.concat([Buffer.from((payload.length + 4).toString(16).padStart(4, '0')), payload]);
    const bands = [];
    for (let at = 0; at < pack.length; at += 1000) {
      bands.push(pkt(Buffer.concat([Buffer.from([1]), pack.subarray(at, at + 1000)])));
      bands.push(pkt(Buffer.from('\x02Counting objects\r')));
    }
    const answer = Buffer.concat([
      pkt(Buffer.from(`shallow ${'a'.repeat(40)}\n`)),
      Buffer.from('0000'),
      pkt(Buffer.from('NAK\n')),
      ...bands,
      Buffer.from('0000'),
    ]);
    expect(packOfUploadPackAnswer(answer).equals(pack)).toBe(true);
    const plain = Buffer.concat([pkt(Buffer.from('NAK\n')), pack]);
    expect(packOfUploadPackAnswer(plain).equals(pack)).toBe(true);
  });
});
