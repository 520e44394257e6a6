import { signPrincipal, type Principal } from '@quire/access';
import { TtlCache } from '@quire/helpers';

/** How long one signature is reused for a token: well inside the principal's iat window. */
const REUSE_MS = 60_000;

/** Signs principals for services; a signature is reused for up to a minute per token. */
export class PrincipalSigner {
  private readonly memo: TtlCache<{ principal: string; signature: string }>;

  constructor(
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.memo = new TtlCache(REUSE_MS, 50_000, now);
  }

  sign(p: Principal): { principal: string; signature: string } {
    const hit = this.memo.get(p.tokenId);
    if (hit) return hit;
    const signed = signPrincipal(p, this.secret, this.now());
    this.memo.set(p.tokenId, signed);
    return signed;
  }
}
