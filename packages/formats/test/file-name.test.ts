import { fileNameProblem, readGitLayout } from '../src';

// The one rule for file names, at every entry (batch edits, imports, Git Sync).

describe('fileNameProblem', () => {
  it.each([
    ['.', /must not be "\."/],
    ['..', /must not be "\.\."/],
    ['.git', /must not be "\.git"/],
    ['.GIT', /must not be "\.git"/],
    ['a/b.png', /"\/"/],
    ['..\\x.png', /not a path/],
    ['a\r\nb.png', /control characters \(U\+000D\)/],
    ['a\nb.png', /control characters \(U\+000A\)/],
    ['tab\t.png', /control characters \(U\+0009\)/],
    ['del\u007f.png', /control characters \(U\+007F\)/],
    ['c1\u0085.png', /control characters \(U\+0085\)/],
    ['evil\u202egpj.exe', /bidirectional formatting characters \(U\+202E\)/],
    ['\u202alogo.png', /U\+202A/],
    ['\u2066logo.png', /U\+2066/],
    ['logo\u2069.png', /U\+2069/],
    ['logo\u200e.png', /U\+200E/],
    ['logo\u200f.png', /U\+200F/],
  ])('refuses %j', (name, problem) => {
    expect(fileNameProblem(name)).toMatch(problem);
  });

  it.each(['logo.png', '.gitignore', '...', 'a..b.png', 'résumé.pdf', 'שלום.png', '日本語.txt', '\u{1F600}.gif', 'with space.png', '.git-keep'])(
    'accepts %j',
    (name) => {
      expect(fileNameProblem(name)).toBeNull();
    },
  );
});

describe('Git Sync reads a repository with one rule for file names', () => {
  const page = { path: 'README.md', bytes: Buffer.from('# Home\n') };
  it('refuses a kept file whose name has a line break or a bidi override, naming it', () => {
    for (const name of ['a\nb.png', 'x\u202egnp.exe']) {
      expect(() => readGitLayout([page, { path: `.gitbook/assets/${name}`, bytes: Buffer.from('x') }], { limits: { maxPages: 10 } })).toThrow(
        /the file ".gitbook\/assets\/.*" has a name that must not contain/,
      );
    }
  });
});
