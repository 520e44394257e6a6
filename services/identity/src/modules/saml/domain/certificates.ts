import { X509Certificate } from 'node:crypto';

/** What identity keeps to know about an identity provider's signing certificate. */
export interface CertificateSummary {
  /** The certificate alone, re-encoded as canonical PEM: what is stored and shown. */
  pem: string;
  subject: string;
  validFrom: Date;
  validTo: Date;
  fingerprint256: string;
}

export type CertificateCheck = { isValid: true; certificate: CertificateSummary } | { isValid: false; reason: string };

// A certificate minted a moment ago on a machine whose clock runs ahead is still accepted.
const CLOCK_SKEW_MS = 5 * 60 * 1000;

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;

/**
 * Checks that `pem` holds exactly one PEM-encoded X.509 certificate, valid at `now`. SAML
 * assertions are verified with it, so a certificate that cannot be parsed or is out of its
 * validity period would only fail later, at login. Text around the PEM block (the dump
 * `openssl ca` or `openssl x509 -text` print first) is ignored, as RFC 7468 asks of parsers; but
 * a pasted private key must never be stored, so any other PEM block is refused.
 */
export function checkCertificate(pem: string, now: Date): CertificateCheck {
  const blocks = [...pem.matchAll(PEM_BLOCK)];
  if (blocks.length === 0) return invalid('must be a PEM-encoded X.509 certificate (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----)');
  const other = blocks.find((b) => b[1] !== 'CERTIFICATE');
  if (other) return invalid(`must contain only a certificate, not a ${(other[1] ?? '').toLowerCase()}`);
  if (blocks.length > 1) return invalid('must contain exactly one certificate');

  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(blocks[0]?.[0] ?? '');
  } catch {
    return invalid('is not a valid X.509 certificate');
  }
  // Node 20 exposes the validity period only as OpenSSL's text ("Jan  1 00:00:00 2099 GMT").
  const validFrom = new Date(certificate.validFrom);
  const validTo = new Date(certificate.validTo);
  if (Number.isNaN(validFrom.getTime()) || Number.isNaN(validTo.getTime())) return invalid('has an unreadable validity period');
  if (now.getTime() + CLOCK_SKEW_MS < validFrom.getTime()) return invalid(`is not valid before ${validFrom.toISOString()}`);
  if (now > validTo) return invalid(`expired on ${validTo.toISOString()}`);
  return {
    isValid: true,
    certificate: { pem: certificate.toString().trim(), subject: certificate.subject, validFrom, validTo, fingerprint256: certificate.fingerprint256 },
  };
}

function invalid(reason: string): CertificateCheck {
  return { isValid: false, reason };
}
