import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The four sizes of issue 12: desktop, small laptop, tablet upright, phone. */
export const VIEWPORTS = [
  ['1366x900', { width: 1366, height: 900 }],
  ['1024x768', { width: 1024, height: 768 }],
  ['768x1024', { width: 768, height: 1024 }],
  ['390x844', { width: 390, height: 844 }],
] as const;

/**
 * Resolves once the browser has laid out and painted the page at its current size: after `setViewportSize`, before a
 * screenshot. Two animation frames (the first runs before the paint of the resized layout, the second after it), so a
 * step waits as long as the browser needs, not a fixed 150 ms per size (the portal has no CSS transitions to wait out).
 */
export async function laidOut(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        // A page the browser does not paint (no frames) waits no longer than the fixed pause it replaces.
        setTimeout(resolve, 150);
      }),
  );
}

/** axe on the whole page, WCAG 2.1 A and AA: no violation. */
export async function expectNoAxeViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const found = results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
  expect(found, `axe on ${screen}`).toEqual([]);
}

/**
 * No element overlaps another that it is not nested in, and nothing is cut off at the page's right edge (tables may
 * scroll inside their own scroll region). Compares the boxes of every visible control and text element.
 */
export async function expectNoOverlap(page: Page, screen: string) {
  const problems = await page.evaluate(() => {
    const selector = 'input:not([type=hidden]), select, textarea, button, label, a, h1, h2, h3, legend, summary, th, td, dt, dd, .badge, p';
    const viewportWidth = document.documentElement.clientWidth;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''} "${(element.textContent ?? '').trim().slice(0, 30)}"`;
    const visible = [...document.querySelectorAll(selector)].filter((element) => {
      const box = element.getBoundingClientRect();
      // checkVisibility: not display:none, visibility:hidden, inside a closed <details> or <dialog>.
      return element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) && box.width > 0 && box.height > 0;
    });
    // An inline element that wraps has one box per line: its bounding box would cover its neighbours on those lines.
    const boxes = visible.map((element) => ({ element, box: element.getBoundingClientRect(), rects: [...element.getClientRects()] }));
    const found: string[] = [];
    for (const { element, box } of boxes) {
      if (!element.closest('.table-wrap') && box.right > viewportWidth + 1)
        found.push(`cut off: ${describe(element)} right ${Math.round(box.right)} > ${viewportWidth}`);
    }
    const overlaps = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
    for (let i = 0; i < boxes.length; i += 1) {
      for (let j = i + 1; j < boxes.length; j += 1) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        if (!overlaps(a.box, b.box)) continue;
        if (a.rects.some((rectA) => b.rects.some((rectB) => overlaps(rectA, rectB)))) found.push(`overlap: ${describe(a.element)} and ${describe(b.element)}`);
      }
    }
    if (document.documentElement.scrollWidth > viewportWidth + 1)
      found.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${viewportWidth}`);
    return found;
  });
  expect(problems, `layout of ${screen}`).toEqual([]);
}
