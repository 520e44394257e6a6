// The URL policy is @quire/urls' (one rule for pages and for the sites service that stores links).
export { linkUrl, imageUrl, type SafeUrl } from '@quire/urls';

/** Only a heading anchor's alphabet (the reference's `^[-a-z0-9.+_]+$`) may follow `#`. */
export const ANCHOR = /^[-a-z0-9.+_]{1,100}$/;
