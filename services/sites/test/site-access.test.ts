import { accessStampOf } from '@quire/publishing';
import { currentAccessStamps } from '../src/modules/published-urls/domain/site-audience';

// The stamps a site API token may carry now: one per open audience of a published site.

const stamp = (visibility: string, credential: string) => accessStampOf({ site: 's1', visibility, credential });
const none = { shareKeys: [], keyFingerprint: null };

describe('currentAccessStamps', () => {
  it('is one stamp for a public or unlisted site, none once it is unpublished', () => {
    expect(currentAccessStamps({ id: 's1', visibility: 'public', published: true }, none)).toEqual([stamp('public', '')]);
    expect(currentAccessStamps({ id: 's1', visibility: 'unlisted', published: true }, none)).toEqual([stamp('unlisted', '')]);
    expect(currentAccessStamps({ id: 's1', visibility: 'public', published: false }, none)).toEqual([]);
  });

  it('is one stamp per active share key of a share-link site, and the current key for a visitor-auth site', () => {
    const shareLink = { id: 's1', visibility: 'share-link', published: true };
    expect(currentAccessStamps(shareLink, { shareKeys: ['k1', 'k2'], keyFingerprint: null })).toEqual([stamp('share-link', 'k1'), stamp('share-link', 'k2')]);
    expect(currentAccessStamps(shareLink, none)).toEqual([]);
    const visitorAuth = { id: 's1', visibility: 'visitor-auth', published: true };
    expect(currentAccessStamps(visitorAuth, { shareKeys: [], keyFingerprint: 'f1' })).toEqual([stamp('visitor-auth', 'f1')]);
    expect(currentAccessStamps(visitorAuth, none)).toEqual([]);
  });

  it('changes with the visibility: a token of the public site is not one of the same site made unlisted', () => {
    expect(currentAccessStamps({ id: 's1', visibility: 'unlisted', published: true }, none)).not.toContain(stamp('public', ''));
  });
});
