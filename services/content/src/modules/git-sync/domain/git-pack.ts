import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

// A packfile (version 2, no deltas) built in memory from objects whose content Quire already holds:
// an export sends the blobs, trees and commit it planned without writing each one to disk first
// and reading it back (what dominated a 1,000-page export). https://git-scm.com/docs/pack-format

export type PackObjectType = 'commit' | 'tree' | 'blob';

const TYPE_CODES: Record<PackObjectType, number> = { commit: 1, tree: 2, blob: 3 };

/** The object id of `body` as an object of `type` (sha1 of `<type> <length>\0<body>`). */
export function objectOid(type: PackObjectType, body: Buffer): string {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
}

export function buildPack(objects: ReadonlyArray<{ type: PackObjectType; body: Buffer }>): Buffer {
  const header = Buffer.alloc(12);
  header.write('PACK', 0, 'latin1');
  header.writeUInt32BE(2, 4);
  header.writeUInt32BE(objects.length, 8);
  const parts: Buffer[] = [header];
  for (const object of objects) parts.push(entryHeader(TYPE_CODES[object.type], object.body.length), deflateSync(object.body));
  const pack = Buffer.concat(parts);
  return Buffer.concat([pack, createHash('sha1').update(pack).digest()]);
}

/** Type and inflated size: 3 bits of type and 4 of size, then 7 bits of size a byte, high bit = more. */
export function entryHeader(type: number, size: number): Buffer {
  const bytes: number[] = [];
  let byte = (type << 4) | (size & 0x0f);
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    bytes.push(byte | 0x80);
    byte = rest & 0x7f;
    rest = Math.floor(rest / 128);
  }
  bytes.push(byte);
  return Buffer.from(bytes);
}

/** A commit object's content as git writes it (author and committer at one time, UTC). */
export function commitBody(commit: {
  tree: string;
  parents: readonly string[];
  author: { name: string; email: string };
  committer: { name: string; email: string };
  timestamp: number;
  message: string;
}): Buffer {
  const person = (p: { name: string; email: string }) => `${p.name} <${p.email}> ${commit.timestamp} +0000`;
  const lines = [
    `tree ${commit.tree}`,
    ...commit.parents.map((p) => `parent ${p}`),
    `author ${person(commit.author)}`,
    `committer ${person(commit.committer)}`,
  ];
  return Buffer.from(`${lines.join('\n')}\n\n${commit.message}`, 'utf8');
}
