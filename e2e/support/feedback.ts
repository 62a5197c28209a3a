import { expect, type ElementHandle, type Locator } from '@playwright/test';
import { drawSignature } from './tablet';

/**
 * Issue 31 item 4, asserted by bounding boxes: a message that a tablet, phone or hand-over form gives appears next to
 * the control that caused it (its box starts at most `maxGap` px above or below the control's), lies wholly inside the
 * viewport, and is announced (an alert or status role, or inside an aria-live region). Call it after each attempt:
 * repeated attempts must hold too.
 */
export async function expectFeedbackAtControl(message: Locator, control: Locator, { maxGap = 240 }: { maxGap?: number } = {}) {
  await expect(message).toBeVisible();
  await expect(message).toBeInViewport({ ratio: 1 });
  const page = message.page();
  const viewport = page.viewportSize()!;
  const [messageBox, controlBox] = [await message.boundingBox(), await control.boundingBox()];
  expect(messageBox, 'message has a box').not.toBeNull();
  expect(controlBox, 'control has a box').not.toBeNull();
  const gap = Math.max(0, messageBox!.y - (controlBox!.y + controlBox!.height), controlBox!.y - (messageBox!.y + messageBox!.height));
  expect(gap, `message ${Math.round(gap)} px from its control (at most ${maxGap})`).toBeLessThanOrEqual(maxGap);
  expect(messageBox!.x).toBeGreaterThanOrEqual(-1);
  expect(messageBox!.x + messageBox!.width).toBeLessThanOrEqual(viewport.width + 1);
  const announced = await message.evaluate((element) => {
    for (let node: Element | null = element; node; node = node.parentElement) {
      const role = node.getAttribute('role');
      if (role === 'alert' || role === 'status' || node.getAttribute('aria-live') === 'polite' || node.getAttribute('aria-live') === 'assertive') return true;
    }
    return false;
  });
  expect(announced, 'the message is announced (alert, status or live region)').toBe(true);
}

/**
 * A message given again after another attempt is a new alert (the node is replaced, so screen readers announce it
 * again), not the old one left in place: `before` is the message's element from the previous attempt.
 */
export async function expectAnnouncedAgain(message: Locator, before: ElementHandle) {
  await expect.poll(() => before.evaluate((element) => element.isConnected), { message: 'the earlier message was replaced by a new one' }).toBe(false);
  await expect(message).toBeVisible();
}

/**
 * The signer's name left out twice on a signature form (the tablet's sign-on-glass, the hand-over link's phone page):
 * the first try shows the message under the name field; the signer then signs, scrolls down to the button and tries
 * again; the name field comes back into view with the message, announced anew.
 */
export async function expectNameMissingTwice(form: { submit: Locator; nameField: Locator; message: Locator; text: string }) {
  const { submit, nameField, message } = form;
  await submit.click();
  await expectFeedbackAtControl(message, nameField);
  await expect(message).toHaveText(form.text);
  const first = await message.elementHandle();
  await drawSignature(submit.page());
  await submit.scrollIntoViewIfNeeded();
  await submit.click();
  await expectAnnouncedAgain(message, first!);
  await expectFeedbackAtControl(message, nameField);
  await expect(nameField).toBeFocused();
}
