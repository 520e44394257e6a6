// The part of domino (turndown's own DOM, a dependency of it) that the HTML importer and tests use; the
// package's bundled typings declare the module under its old name, `domino`.
declare module '@mixmark-io/domino' {
  export interface DominoElement {
    readonly tagName: string;
    readonly id: string;
    readonly parentElement: DominoElement | null;
    readonly attributes: ArrayLike<{ readonly name: string; readonly value: string }>;
    readonly nodeName: string;
    readonly children: ArrayLike<DominoElement>;
    readonly firstChild: DominoElement | null;
    readonly outerHTML: string;
    innerHTML: string;
    readonly textContent: string | null;
    getAttribute(name: string): string | null;
    setAttribute(name: string, value: string): void;
    querySelector(selector: string): DominoElement | null;
    querySelectorAll(selector: string): ArrayLike<DominoElement>;
    remove(): void;
  }
  export interface DominoDocument extends DominoElement {
    readonly title: string;
    readonly body: DominoElement | null;
    readonly documentElement: DominoElement;
  }
  export function createDocument(html?: string, force?: boolean): DominoDocument;
}
