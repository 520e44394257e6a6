import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkCertificate } from '../src/modules/saml/domain/certificates';

// One real self-signed certificate valid for 30 days from now; validity edges are tested by moving `now`.
function makeCertificate(): { certificate: string; privateKey: string } {
  const dir = mkdtempSync(join(tmpdir(), 'quire-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '30',
        '-subj',
        '/CN=idp.example.com',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { certificate: readFileSync(join(dir, 'cert.pem'), 'utf8'), privateKey: readFileSync(join(dir, 'key.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const DAY = 24 * 3600 * 1000;

describe('checkCertificate', () => {
  const { certificate, privateKey } = makeCertificate();
  const now = new Date();

  it('accepts a PEM certificate valid now and describes it', () => {
    const check = checkCertificate(certificate, now);
    expect(check.isValid).toBe(true);
    if (!check.isValid) return;
    expect(check.certificate.subject).toContain('CN=idp.example.com');
    expect(check.certificate.validTo.getTime()).toBeGreaterThan(now.getTime() + 29 * DAY);
    expect(check.certificate.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('accepts surrounding whitespace and CRLF line ends', () => {
    const check = checkCertificate(`\n  ${certificate.replace(/\n/g, '\r\n')}  \n`, now);
    expect(check.isValid && check.certificate.pem).toBe(certificate.trim());
  });

  it('refuses a certificate that has expired or is not valid yet', () => {
    expect(checkCertificate(certificate, new Date(now.getTime() + 31 * DAY))).toEqual({ isValid: false, reason: expect.stringMatching(/^expired on \d{4}-/) });
    expect(checkCertificate(certificate, new Date(now.getTime() - DAY))).toEqual({
      isValid: false,
      reason: expect.stringMatching(/^is not valid before \d{4}-/),
    });
  });

  it('tolerates a few minutes of clock skew before the start of validity', () => {
    expect(checkCertificate(certificate, new Date(now.getTime() - 2 * 60 * 1000)).isValid).toBe(true);
    expect(checkCertificate(certificate, new Date(now.getTime() - 10 * 60 * 1000)).isValid).toBe(false);
  });

  it.each([
    ['an empty string', '', /PEM-encoded X\.509 certificate/],
    ['plain text', 'hello', /PEM-encoded X\.509 certificate/],
    ['bare base64 without PEM armour', 'MIIBszCCAVmgAwIBAgIU', /PEM-encoded X\.509 certificate/],
    ['garbage inside the armour', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----', /not a valid X\.509 certificate/],
    ['mismatched armour', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END PRIVATE KEY-----', /PEM-encoded X\.509 certificate/],
  ])('refuses %s', (_name, pem, reason) => {
    const check = checkCertificate(pem, now);
    expect(check.isValid).toBe(false);
    if (!check.isValid) expect(check.reason).toMatch(reason);
  });

  it('refuses a private key, alone or pasted with the certificate', () => {
    expect(checkCertificate(privateKey, now)).toEqual({ isValid: false, reason: 'must contain only a certificate, not a private key' });
    expect(checkCertificate(certificate + privateKey, now)).toEqual({ isValid: false, reason: 'must contain only a certificate, not a private key' });
  });

  it('refuses a chain of several certificates', () => {
    expect(checkCertificate(certificate + certificate, now)).toEqual({ isValid: false, reason: 'must contain exactly one certificate' });
  });

  it('ignores text around the PEM block and keeps the certificate alone, re-encoded', () => {
    const check = checkCertificate(`subject=CN = idp\nCertificate:\n    Data: …\n${certificate.replace(/\n/g, '\r\n')}trailing words`, now);
    expect(check.isValid).toBe(true);
    if (check.isValid) expect(check.certificate.pem).toBe(certificate.trim());
  });
});
