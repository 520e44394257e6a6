import fc from 'fast-check';

// Strings made to break out of HTML, attributes, URLs and CSS — markup, quotes, NUL, lone and astral
// surrogates, script URLs — shared by the hostile property tests of documents and of site views.
export const HOSTILE_STRINGS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' onmouseover='alert(1)",
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD4=',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  '//evil.test/x',
  '\\\\evil.test',
  '\u0000\u0001\u001f',
  '😀𝔘\ud800\udfff\ud83d',
  '</code></pre><style>*{}</style>',
  '<!-- comment --><![CDATA[x]]>',
  '&lt;script&gt;',
  'style="color:red"',
  'https://ok.test/a?b=<c>&d="e"',
  '</style><script>alert(1)</script>',
  'red;}body{background:url(javascript:alert(1))}',
  '#fff;}*{x:y',
  'https://ok.test/a.png, javascript:alert(1) 2x',
];

/** A hostile string, or a random one (binary or not) up to the given lengths. */
export const hostileString = (binaryLength: number, textLength: number) =>
  fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'binary', maxLength: binaryLength }), fc.string({ maxLength: textLength }));
