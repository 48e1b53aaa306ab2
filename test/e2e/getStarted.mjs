// The Get Started walkthrough as a new user meets it: its "Hover the DaemonSet" page is rendered markdown that
// describes the workspace's inventory (the sample cluster here: its node count, taints and labels), the step is not
// done until a placement hover is shown, and then VS Code marks it done (the completion event fires).

const STEP = '[data-step-id$="#hover"]';

export async function getStarted(page, u, { nodes, lap }) {
  const fail = (m) => { throw new Error(`Get Started: ${m}`); };
  const openOurs = async () => {
    await u.runCommandRaw('Welcome: Open Walkthrough', 'Open Walkthrough');
    await page.waitForSelector('.quick-input-list .monaco-list-row:has-text("Get Started with Kube Controller Explorer")', { timeout: 20000 });
    await page.keyboard.type('Get Started with Kube Controller Explorer');
    await page.waitForTimeout(300);
    await page.keyboard.press('Enter');
    await step.waitFor({ timeout: 20000 });
  };
  const step = page.locator(`button.getting-started-step${STEP}`);
  await openOurs();
  if ((await step.getAttribute('aria-checked')) !== 'false') fail('the hover step is done before any hover');
  await step.click();
  const media = await u.webviewFrame('h1:has-text("Hover the DaemonSet")');
  if (!media) fail('the step page did not render');
  const shown = await media.evaluate(() => ({
    text: document.body.innerText,
    codes: document.querySelectorAll('code').length,
    items: [...document.querySelectorAll('li')].map((li) => li.textContent ?? ''),
  }));
  // Rendered markdown: code spans are <code>, no backtick or asterisk is left in the text.
  if (!shown.codes || /[`*]/.test(shown.text)) fail(`the page is not rendered markdown: ${shown.text.slice(0, 300)}`);
  if (!shown.text.includes(`a table of the ${nodes} nodes of the sample cluster`)) fail(`the page does not describe the inventory: ${shown.text.slice(0, 300)}`);
  if (!shown.items.some((li) => /^Taints .*node-role\.kubernetes\.io\/control-plane:NoSchedule on cp-1/.test(li))) fail(`no taint facts: ${shown.items.join(' | ')}`);
  await u.shot('get-started.png');
  lap(`screen: Get Started "Hover the DaemonSet" page rendered from the inventory (${shown.items.length} facts), step not done`);

  // The hover that the step asks for, in the editor beside it; the step turns done.
  await u.open('fluent-bit.yaml', 'fluent-bit');
  await page.locator('.monaco-editor .view-line span', { hasText: /^DaemonSet$/ }).first().hover();
  await page.waitForSelector('.monaco-hover:has-text("runs on")', { timeout: 20000 });
  await page.mouse.move(5, 5);
  // Back to the walkthrough (its tab shows the Welcome home again when re-shown: open ours as before).
  await openOurs();
  await page.waitForSelector(`button.getting-started-step${STEP}[aria-checked="true"]`, { timeout: 10000 })
    .catch(() => fail('the hover step did not turn done after a placement hover'));
  await u.shot('get-started-done.png', { docs: false });
  await page.keyboard.press('Control+W');
  lap('screen: Get Started "Hover the DaemonSet" step done after the placement hover (completion event fired)');
}
