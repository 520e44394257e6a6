// The SAML module's face: an organization's SAML providers and the login list of /sso.
export { samlRoutes } from './http/saml.routes';
