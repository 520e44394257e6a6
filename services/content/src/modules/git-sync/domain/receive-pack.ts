// The smart-HTTP receive-pack exchange (gitprotocol-pack.txt, "Pushing Data To a Server";
// gitprotocol-http.txt): a pkt-line command `<old> <new> <ref>\0<capabilities>`, a flush, the
// packfile; the answer is the report-status pkt-lines (`unpack ok`, then `ok <ref>` or `ng <ref> <why>`).

export const ZERO_OID = '0'.repeat(40);
const FLUSH = Buffer.from('0000');

export interface RefUpdate {
  ref: string;
  /** null when the ref is created. */
  oldOid: string | null;
  newOid: string;
}

export function receivePackRequest(update: RefUpdate, capabilities: readonly string[], pack: Buffer): Buffer {
  const command = `${update.oldOid ?? ZERO_OID} ${update.newOid} ${update.ref}\0${capabilities.join(' ')}\n`;
  return Buffer.concat([pktLine(command), FLUSH, pack]);
}

function pktLine(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from((payload.length + 4).toString(16).padStart(4, '0')), payload]);
}

export interface ReportStatus {
  /** `ok`, or why the remote could not unpack the objects. */
  unpack: string;
  /** Per ref: null when updated, else the remote's reason. */
  refs: Map<string, string | null>;
}

export function parseReportStatus(body: Buffer): ReportStatus {
  const status: ReportStatus = { unpack: 'no report from the remote', refs: new Map() };
  for (const line of pktLines(body)) {
    if (line.startsWith('unpack ')) status.unpack = line.slice('unpack '.length);
    else if (line.startsWith('ok ')) status.refs.set(line.slice(3), null);
    else if (line.startsWith('ng ')) {
      const [ref, ...reason] = line.slice(3).split(' ');
      status.refs.set(ref!, reason.join(' ') || 'rejected');
    }
  }
  return status;
}

/** The payloads of the pkt-lines before the first flush, without their trailing newline. */
function pktLines(body: Buffer): string[] {
  const lines: string[] = [];
  for (let at = 0; at + 4 <= body.length;) {
    const length = Number.parseInt(body.subarray(at, at + 4).toString('latin1'), 16);
    if (!Number.isFinite(length) || length === 0 || length < 4) break;
    lines.push(
      body
        .subarray(at + 4, at + length)
        .toString('utf8')
        .replace(/\n$/, ''),
    );
    at += length;
  }
  return lines;
}
