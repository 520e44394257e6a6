import type { Role } from '@quire/access';
import { badRequest, notFound } from '@quire/errors';
import type { SamlProvider } from '../model/saml-provider';
import { checkCertificate } from './certificates';

export type SamlProviderStatus = 'active' | 'pending';

/** People who first sign in through a provider join with this role unless the provider says otherwise. */
export const DEFAULT_SAML_ROLE: Role = 'read';

/** A provider can sign people in once the identity provider's entity id, certificate and login URL are all set. */
export function samlProviderStatus(provider: Pick<SamlProvider, 'entityId' | 'certificate' | 'ssoUrl'>): SamlProviderStatus {
  return provider.entityId && provider.certificate && provider.ssoUrl ? 'active' : 'pending';
}

export function samlProviderNotFound(providerId: string) {
  return notFound(`SAML provider ${providerId} not found`);
}

/** The certificate as stored (canonical PEM), or a 400 naming the field. */
export function usableCertificate(pem: string | undefined, now: Date): string | undefined {
  if (pem === undefined) return undefined;
  const check = checkCertificate(pem, now);
  if (!check.isValid) throw badRequest(`Invalid body field "certificate": ${check.reason}`);
  return check.certificate.pem;
}
