import { createHash } from 'node:crypto';

// The reader's one script, served as a file under the page's CSP (its sha256 is the CSP's
// script-src and the tag's `integrity`): tabs that switch, a copy button on code, search in a
// dialog, the current section marked in "On this page". Progressive only: without it every tab panel is shown, code is selectable and the
// search box submits to the search page. It builds elements with textContent and never runs,
// parses as HTML into the page, or evaluates anything from content; search answers are parsed
// with DOMParser (inert: no script runs) and only their text and same-origin links are kept.
//
// Each function below is serialised with `toString()` into the file the browser loads, so none
// may use anything from the module's scope but the others listed in SCRIPT_FUNCTIONS.

function selectTab(tabs: HTMLElement[], panels: HTMLElement[], index: number, focus: boolean): void {
  tabs.forEach((tab, i) => {
    const isSelected = i === index;
    tab.setAttribute('aria-selected', String(isSelected));
    tab.tabIndex = isSelected ? 0 : -1;
    panels[i]!.hidden = !isSelected;
  });
  if (focus) tabs[index]!.focus();
}

function enhanceTabs(): void {
  document.querySelectorAll<HTMLElement>('div.tabs').forEach((box, boxIndex) => {
    const panels = Array.from(box.children).filter((c): c is HTMLElement => c instanceof HTMLElement && c.classList.contains('tab'));
    if (panels.length === 0) return;
    const list = document.createElement('div');
    list.className = 'tab-list';
    list.setAttribute('role', 'tablist');
    const tabs = panels.map((panel, i) => {
      const title = panel.querySelector(':scope > .tab-title');
      const tab = document.createElement('button');
      tab.type = 'button';
      tab.className = 'tab-button';
      tab.id = `tabs-${boxIndex}-tab-${i}`;
      tab.textContent = title?.textContent?.trim() || `Tab ${i + 1}`;
      tab.setAttribute('role', 'tab');
      panel.id = `tabs-${boxIndex}-panel-${i}`;
      tab.setAttribute('aria-controls', panel.id);
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', tab.id);
      panel.tabIndex = 0;
      tab.addEventListener('click', () => selectTab(tabs, panels, i, false));
      list.append(tab);
      return tab;
    });
    list.addEventListener('keydown', (event) => {
      const current = tabs.indexOf(document.activeElement as HTMLButtonElement);
      const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 };
      if (current < 0 || !(event.key in moves)) return;
      event.preventDefault();
      selectTab(tabs, panels, (moves[event.key]! + tabs.length) % tabs.length, true);
    });
    box.prepend(list);
    box.classList.add('tabs-enhanced');
    selectTab(tabs, panels, 0, false);
  });
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'visually-hidden';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    return copied;
  }
}

function enhanceCode(): void {
  document.querySelectorAll<HTMLElement>('.code-block').forEach((block) => {
    const pre = block.querySelector('pre');
    const header = block.querySelector('.code-header');
    if (!pre || !header) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-copy';
    button.textContent = 'Copy';
    const status = document.createElement('span');
    status.className = 'visually-hidden';
    status.setAttribute('role', 'status');
    button.addEventListener('click', () => {
      void copyText(pre.textContent ?? '').then((copied) => {
        button.textContent = copied ? 'Copied' : 'Copy failed';
        status.textContent = copied ? 'Code copied to the clipboard' : 'The code could not be copied';
        setTimeout(() => {
          button.textContent = 'Copy';
          status.textContent = '';
        }, 2000);
      });
    });
    header.append(button, status);
  });
}

/** `text` as text nodes, each word of `terms` in a `<mark>`. */
function highlighted(text: string, terms: string[]): Node[] {
  if (terms.length === 0) return [document.createTextNode(text)];
  const pattern = new RegExp(`(${terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return text.split(pattern).map((part, i) => {
    if (i % 2 === 0) return document.createTextNode(part);
    const mark = document.createElement('mark');
    mark.textContent = part;
    return mark;
  });
}

interface FoundPage {
  title: string;
  href: string;
  context: string;
  excerpt: string;
}

/** The results of the site's own search page (same origin), as text and same-origin links only. */
async function searchResults(action: string, query: string): Promise<FoundPage[]> {
  const url = new URL(action, location.href);
  url.searchParams.set('q', query);
  const answer = await fetch(url, { credentials: 'same-origin', headers: { accept: 'text/html' } });
  if (!answer.ok) return [];
  const page = new DOMParser().parseFromString(await answer.text(), 'text/html');
  return Array.from(page.querySelectorAll('.search-results > li')).flatMap((item) => {
    const link = item.querySelector('a');
    const href = link ? new URL(link.getAttribute('href') ?? '', url) : undefined;
    if (!link || !href || href.origin !== location.origin) return [];
    const context = item.querySelector('.context')?.textContent ?? '';
    const excerpt = item.querySelector('p:not(.context)')?.textContent ?? '';
    return [{ title: link.textContent ?? '', href: href.href, context, excerpt }];
  });
}

function searchDialogOf(form: HTMLFormElement): { dialog: HTMLDialogElement; input: HTMLInputElement; list: HTMLElement; status: HTMLElement } {
  const dialog = document.createElement('dialog');
  dialog.className = 'search-dialog';
  dialog.setAttribute('aria-label', 'Search this site');
  const box = document.createElement('form');
  box.setAttribute('role', 'search');
  box.method = 'get';
  box.action = form.action;
  const input = document.createElement('input');
  input.type = 'search';
  input.name = 'q';
  input.autocomplete = 'off';
  input.placeholder = 'Search…';
  input.setAttribute('aria-label', 'Search this site');
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', 'search-dialog-results');
  const list = document.createElement('ul');
  list.id = 'search-dialog-results';
  list.className = 'plain search-dialog-results';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Results');
  const status = document.createElement('p');
  status.className = 'search-dialog-status';
  status.setAttribute('role', 'status');
  const keys = document.createElement('p');
  keys.className = 'search-dialog-keys';
  keys.textContent = '↑ ↓ to move, Enter to open, Esc to close';
  box.append(input);
  dialog.append(box, status, list, keys);
  document.body.append(dialog);
  return { dialog, input, list, status };
}

/** Options of a listbox hold no link (an interactive element inside one is not allowed): a click or Enter opens `data-href`. */
function showResults(list: HTMLElement, input: HTMLInputElement, found: FoundPage[], terms: string[]): void {
  list.replaceChildren(
    ...found.slice(0, 20).map((result, i) => {
      const option = document.createElement('li');
      option.id = `search-option-${i}`;
      option.dataset.href = result.href;
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', 'false');
      const title = document.createElement('span');
      title.className = 'search-dialog-title';
      title.append(...highlighted(result.title, terms));
      option.append(title);
      for (const [text, className] of [
        [result.context, 'search-dialog-context'],
        [result.excerpt, 'search-dialog-excerpt'],
      ] as const) {
        if (!text) continue;
        const line = document.createElement('span');
        line.className = className;
        line.append(...highlighted(text, terms));
        option.append(line);
      }
      option.addEventListener('click', () => location.assign(result.href));
      return option;
    }),
  );
  input.setAttribute('aria-expanded', String(found.length > 0));
  input.removeAttribute('aria-activedescendant');
}

function moveActive(list: HTMLElement, input: HTMLInputElement, step: number): void {
  const options = Array.from(list.querySelectorAll<HTMLElement>('[role=option]'));
  if (options.length === 0) return;
  const current = options.findIndex((o) => o.getAttribute('aria-selected') === 'true');
  const next = current < 0 ? (step > 0 ? 0 : options.length - 1) : (current + step + options.length) % options.length;
  options.forEach((o, i) => o.setAttribute('aria-selected', String(i === next)));
  input.setAttribute('aria-activedescendant', options[next]!.id);
  options[next]!.scrollIntoView({ block: 'nearest' });
}

function enhanceSearch(): void {
  const form = document.querySelector<HTMLFormElement>('header form.site-search');
  const field = form?.querySelector<HTMLInputElement>('input[name=q]');
  if (!form || !field) return;
  const { dialog, input, list, status } = searchDialogOf(form);
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (query: string) => {
    const ask = ++asked;
    const terms = query
      .split(/\s+/)
      .map((t) => t.replace(/^[-"']+|["']+$/g, ''))
      .filter((t) => t.length > 0);
    if (!query.trim()) return showResults(list, input, [], []);
    status.textContent = 'Searching…';
    void searchResults(form.action, query).then(
      (found) => {
        if (ask !== asked) return;
        showResults(list, input, found, terms);
        status.textContent = found.length ? `${found.length} result${found.length === 1 ? '' : 's'}` : 'No page matches your search.';
      },
      () => {
        if (ask === asked) status.textContent = 'The search failed: try again.';
      },
    );
  };
  const open = () => {
    if (dialog.open) return;
    input.value = field.value;
    dialog.showModal();
    input.focus();
    if (input.value) run(input.value);
  };
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => run(input.value), 150);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      moveActive(list, input, event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      const active = list.querySelector<HTMLElement>('[aria-selected=true]');
      if (!active?.dataset.href) return;
      event.preventDefault();
      location.assign(active.dataset.href);
    }
  });
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  field.addEventListener('click', open);
  field.addEventListener('keydown', (event) => {
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      field.value += event.key;
      open();
    }
  });
  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement | null;
    const typing = !!target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
    if ((event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey)) || (event.key === '/' && !typing)) {
      event.preventDefault();
      open();
    }
  });
}

/** Marks the "On this page" link of the section being read (the last heading scrolled past). */
function enhanceToc(): void {
  const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('.toc a[href^="#"]'));
  const headings = links.map((link) => document.getElementById(decodeURIComponent(link.hash.slice(1)))).filter((h): h is HTMLElement => h !== null);
  if (headings.length === 0) return;
  const mark = () => {
    const passed = headings.filter((h) => h.getBoundingClientRect().top <= 120);
    const current = (passed[passed.length - 1] ?? headings[0]!).id;
    links.forEach((link) => {
      if (decodeURIComponent(link.hash.slice(1)) === current) link.setAttribute('aria-current', 'location');
      else link.removeAttribute('aria-current');
    });
  };
  let queued = false;
  addEventListener(
    'scroll',
    () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        mark();
      });
    },
    { passive: true },
  );
  mark();
}

/** The comment form shown after a rating: posted in place to the same `?feedback=` with a `comment` field. */
function commentForm(action: string, status: HTMLElement): HTMLFormElement {
  const form = document.createElement('form');
  form.className = 'feedback-comment';
  const label = document.createElement('label');
  label.htmlFor = 'feedback-comment';
  label.textContent = 'Anything to add? (optional, at most 512 characters)';
  const input = document.createElement('textarea');
  input.id = 'feedback-comment';
  input.name = 'comment';
  input.maxLength = 512;
  input.rows = 3;
  input.required = true;
  const send = document.createElement('button');
  send.type = 'submit';
  send.textContent = 'Send comment';
  form.append(label, input, send);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    send.disabled = true;
    const body = new URLSearchParams({ comment: input.value });
    fetch(new URL(action, window.location.href).href, { method: 'POST', body, redirect: 'manual', credentials: 'same-origin' }).then(
      (answer) => {
        const sent = answer.ok;
        status.textContent = sent ? 'Thank you for your comment.' : 'Your comment could not be sent.';
        if (sent) form.remove();
        else send.disabled = false;
      },
      () => {
        status.textContent = 'Your comment could not be sent.';
        send.disabled = false;
      },
    );
  });
  return form;
}

/** The feedback form posts in place (its button's `formaction`, the reader's answer not shown), thanks the visitor and offers a comment. */
function enhanceFeedback(): void {
  document.querySelectorAll<HTMLFormElement>('form.page-feedback').forEach((form) => {
    const status = document.createElement('p');
    status.className = 'feedback-status';
    status.setAttribute('role', 'status');
    form.append(status);
    form.addEventListener('submit', (event) => {
      const action = (event as SubmitEvent).submitter?.getAttribute('formaction');
      if (!action) return;
      event.preventDefault();
      form.querySelectorAll('button').forEach((button) => (button.disabled = true));
      const done = (sent: boolean) => {
        status.textContent = sent ? 'Thank you for your feedback.' : 'Your feedback could not be sent.';
        if (!sent) form.querySelectorAll('button').forEach((button) => (button.disabled = false));
        else form.after(commentForm(action, status));
      };
      fetch(new URL(action, window.location.href).href, { method: 'POST', redirect: 'manual', credentials: 'same-origin' }).then(
        (answer) => done(answer.type === 'opaqueredirect' || answer.ok),
        () => done(false),
      );
    });
  });
}

function enhancePage(): void {
  enhanceFeedback();
  enhanceTabs();
  enhanceToc();
  enhanceCode();
  enhanceSearch();
}

const SCRIPT_FUNCTIONS = [
  selectTab,
  enhanceTabs,
  copyText,
  enhanceCode,
  highlighted,
  searchResults,
  searchDialogOf,
  showResults,
  moveActive,
  enhanceSearch,
  enhanceToc,
  commentForm,
  enhanceFeedback,
  enhancePage,
];

/** The script's exact text, as the reader serves it. */
export const READER_SCRIPT = `'use strict';\n${SCRIPT_FUNCTIONS.map((f) => f.toString()).join('\n')}\nenhancePage();\n`;

/** Its sha256, base64: the CSP's `'sha256-…'` and the tag's `integrity`. */
export const READER_SCRIPT_HASH = createHash('sha256').update(READER_SCRIPT, 'utf8').digest('base64');

/** The file name the page refers to: content-addressed, so it may be cached for good. */
export const READER_SCRIPT_FILE = `reader.${READER_SCRIPT_HASH.slice(0, 16).replace(/\+/g, '-').replace(/\//g, '_')}.js`;
