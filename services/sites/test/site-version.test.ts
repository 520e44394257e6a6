import { siteVersionOf, type SiteVersionInputs } from '../src/modules/published-urls/domain/site-version';

// The stamp the reader keys rendered answers by changes with every input a page of
// the site shows, and with nothing else.

const space = (id: string, revision: string, extra: Record<string, unknown> = {}) => ({ id, title: `Space ${id}`, revision, emoji: '', ...extra });

function inputs(overrides: Partial<SiteVersionInputs> = {}): SiteVersionInputs {
  return {
    site: { id: 's1', title: 'Docs', visibility: 'public', basename: 'docs', hostname: null, updatedAt: new Date('2026-01-01T00:00:00Z') },
    customization: { styling: { primaryColor: { light: '#346ddb' } } },
    structure: { type: 'siteSpaces', siteSpaces: [{ id: 'ss1', title: 'v1', default: true, spaceId: 'a' }] },
    spaces: new Map([
      ['a', space('a', 'r1')],
      ['b', space('b', 'r7')],
    ]),
    ...overrides,
  };
}

const base = siteVersionOf(inputs());

it('is a short stable string for the same inputs', () => {
  expect(base).toMatch(/^[A-Za-z0-9_-]{32}$/);
  expect(siteVersionOf(inputs())).toBe(base);
});

it.each<[string, Partial<SiteVersionInputs>]>([
  ['the site row (title)', { site: { ...(inputs().site as object), title: 'Docs 2' } }],
  ['the site row (visibility)', { site: { ...(inputs().site as object), visibility: 'unlisted' } }],
  ['the customization', { customization: { styling: { primaryColor: { light: '#000000' } } } }],
  ['a customization set for the first time', { customization: null }],
  ['a site space title', { structure: { type: 'siteSpaces', siteSpaces: [{ id: 'ss1', title: 'v2', default: true, spaceId: 'a' }] } }],
  [
    'the order of site spaces',
    {
      structure: {
        type: 'siteSpaces',
        siteSpaces: [
          { id: 'ss2', title: 'v2', default: false, spaceId: 'b' },
          { id: 'ss1', title: 'v1', default: true, spaceId: 'a' },
        ],
      },
    },
  ],
  ['the default site space', { structure: { type: 'siteSpaces', siteSpaces: [{ id: 'ss1', title: 'v1', default: false, spaceId: 'a' }] } }],
  ['sections', { structure: { type: 'sections', items: [] } }],
  [
    'a published revision (a merge)',
    {
      spaces: new Map([
        ['a', space('a', 'r2')],
        ['b', space('b', 'r7')],
      ]),
    },
  ],
  [
    'a space title',
    {
      spaces: new Map([
        ['a', space('a', 'r1', { title: 'Renamed' })],
        ['b', space('b', 'r7')],
      ]),
    },
  ],
  ['a space no longer published', { spaces: new Map([['a', space('a', 'r1')]]) }],
])('changes with %s', (_name, change) => {
  expect(siteVersionOf(inputs(change))).not.toBe(base);
});

it('does not depend on the order content answered the spaces in', () => {
  expect(
    siteVersionOf(
      inputs({
        spaces: new Map([
          ['b', space('b', 'r7')],
          ['a', space('a', 'r1')],
        ]),
      }),
    ),
  ).toBe(base);
});

it('ignores what no page shows: counters, the caller’s rights, sync state, updatedAt', () => {
  const busy = new Map([
    [
      'a',
      space('a', 'r1', {
        changeRequestsOpen: 4,
        changeRequests: 9,
        changeRequestsDraft: 1,
        comments: 12,
        updatedAt: '2026-02-02T00:00:00Z',
        permissions: { edit: false },
      }),
    ],
    ['b', space('b', 'r7', { gitSync: { status: 'synced' } })],
  ]);
  expect(siteVersionOf(inputs({ spaces: busy }))).toBe(base);
});
