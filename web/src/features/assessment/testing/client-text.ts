// The texts a client reads on a rendered results view, and the scanner's verdict on them
// (@reclaim/engine/testing: fact ids, identifiers, unformatted numbers, `undefined` …).
import { clientTextProblems, definitionFactNames, type ClientTextProblem } from '@reclaim/engine/testing';
import type { AssessmentDefinition } from '@reclaim/engine';

/** Visible text blocks under `root` (each element's own text, whitespace collapsed). */
export function visibleTexts(root: Element): string[] {
  const texts: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, 1 /* elements */);
  for (let node = walker.currentNode as Element | null; node; node = walker.nextNode() as Element | null) {
    const own = [...node.childNodes]
      .filter((c) => c.nodeType === 3)
      .map((c) => c.textContent ?? '')
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (own) texts.push(node.textContent?.replace(/\s+/g, ' ').trim() ?? own);
  }
  return [...new Set(texts)];
}

export function clientProblems(root: Element, definition: AssessmentDefinition): ClientTextProblem[] {
  return clientTextProblems(visibleTexts(root), { factNames: definitionFactNames(definition) });
}
