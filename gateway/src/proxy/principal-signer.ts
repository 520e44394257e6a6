import { signPrincipal, type Principal } from '@quire/common';

/** Signs principals for services; a signature is reused for up to a minute per token (its iat window). */
export class PrincipalSigner {
  private readonly memo = new Map<string, { principal: string; signature: string; signedAt: number }>();

  constructor(
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  sign(p: Principal): { principal: string; signature: string } {
    const nowMs = this.now();
    const hit = this.memo.get(p.tokenId);
    if (hit && nowMs - hit.signedAt < 60000) return hit;
    const signed = { ...signPrincipal(p, this.secret, nowMs), signedAt: nowMs };
    if (this.memo.size > 50000) this.memo.clear();
    this.memo.set(p.tokenId, signed);
    return signed;
  }
}
