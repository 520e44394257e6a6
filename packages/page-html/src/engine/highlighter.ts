import type { ElementContent } from 'hast';
import type { HastTools } from './esm';

// Syntax highlighting at render time: highlight.js 11 grammars through lowlight (its hast form),
// one instance per process with highlight.js's common languages (36, aliases included). It marks
// tokens with `hljs-*` classes only — no inline style, so a strict CSP holds (README, Highlighter).

type Lowlight = ReturnType<HastTools['lowlight']['createLowlight']>;

let instance: Lowlight | undefined;

function highlighter(tools: HastTools): Lowlight {
  instance ??= tools.lowlight.createLowlight(tools.lowlight.common);
  return instance;
}

/** A language name highlight.js knows (or an alias of one), as the class names it. */
export function knownLanguage(tools: HastTools, syntax: string): boolean {
  return syntax !== '' && highlighter(tools).registered(syntax);
}

/** The code as highlighted hast, or undefined for a language not supported (the caller shows it plain). */
export function highlight(tools: HastTools, syntax: string, code: string): ElementContent[] | undefined {
  if (!knownLanguage(tools, syntax)) return undefined;
  try {
    return highlighter(tools).highlight(syntax, code).children as ElementContent[];
  } catch {
    return undefined;
  }
}
