import { editLinkOf } from '../src/modules/pages/domain/edit-link';

describe('Edit on Git', () => {
  it('links the page file when the customization asks and the space is synced', () => {
    expect(editLinkOf({ git: { showEditLink: true } }, 'https://github.com/a/b/blob/main/', 'guide/my page.md')).toEqual({
      editUrl: 'https://github.com/a/b/blob/main/guide/my%20page.md',
    });
  });

  it('shows nothing otherwise', () => {
    expect(editLinkOf({ git: { showEditLink: false } }, 'https://github.com/a/b/blob/main/', 'a.md')).toEqual({});
    expect(editLinkOf({}, 'https://github.com/a/b/blob/main/', 'a.md')).toEqual({});
    expect(editLinkOf({ git: { showEditLink: true } }, '', 'a.md')).toEqual({});
    expect(editLinkOf({ git: { showEditLink: true } }, 'javascript:alert(1)//', 'a.md')).toEqual({});
    expect(editLinkOf({ git: { showEditLink: true } }, 'https://github.com/a/b/blob/main/', '')).toEqual({});
  });
});
