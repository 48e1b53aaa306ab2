// Issue 13 on the screen (sample cluster): the daemon pod the controller creates and the scheduler leaves Pending —
// the lens count and the ⚠ hover row of otel-agent (Insufficient cpu on worker-a-1), the placement view's Scheduler
// column (its Pending count, what the stage covers), and node-exporter's host port taken on worker-c-1. Each view
// gets the width and axe checks of the others.

export async function issue13Screen(page, u, { fits, axe, lap }) {
  const fail = (m) => { throw new Error(`issue 13: ${m}`); };
  // The word after `kind:` in the active editor; a hover that does not come (the pointer was already there) is tried
  // again from elsewhere.
  const hoverKind = async (kind, re, mark = 'Pending') => {
    let hover;
    for (let i = 0; i < 3 && !hover; i++) {
      await page.mouse.move(5, 5);
      await page.waitForTimeout(300);
      await page.locator('.editor-group-container.active .monaco-editor .view-line span', { hasText: new RegExp(`^${kind}$`) }).first().hover();
      hover = await page.waitForSelector(`.monaco-hover:has-text("${mark}")`, { timeout: 8000 }).catch(() => undefined);
    }
    if (!hover) fail(`no hover with "${mark}" on ${kind}`);
    const text = await hover.innerText();
    if (!re.test(text)) fail(`hover: ${text.slice(0, 600)}`);
    return text;
  };
  /** Scrolls the open hover (pointer on it, wheel) until the table row of `node` is inside it, for the picture. */
  const showRow = async (node) => {
    const box = await page.locator('.monaco-hover:not(.hidden)').first().boundingBox();
    if (!box) return;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const row = page.locator(`.monaco-hover:not(.hidden) tr:has-text("${node}")`).first();
    for (let i = 0; i < 15; i++) {
      const r = await row.boundingBox();
      if (r && r.y >= box.y && r.y + r.height <= box.y + box.height) return;
      await page.mouse.wheel(0, 60);
      await page.waitForTimeout(150);
    }
  };
  const placementOf = async (file, marker) => {
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');
    await u.open(file, marker);
    await u.runCommand('Simulate Placement');
    const frame = await u.webviewFrame(`h1:has-text("${marker}")`);
    if (!frame || !(await frame.locator('#count-pending').count())) fail(`the placement view of ${file} has no Pending count`);
    return frame;
  };
  const stage = (frame, node) => frame.locator(`#nodes tbody tr[data-key="${node}"] td.stage`).innerText();

  // One editor and its views beside it, as in the other pictures.
  await u.runCommandRaw('View: Close All Editor Groups', 'Close All Editor Groups');
  await page.waitForTimeout(500);
  // otel-agent: Insufficient cpu on the nearly full node.
  await u.open('otel-agent.yaml', 'otel-agent');
  const lens = page.locator('.monaco-editor .codelens-decoration:has-text("Pending")').first();
  await lens.waitFor({ timeout: 30000 }).catch(() => fail('no code lens with a Pending count on otel-agent.yaml'));
  const lensText = (await lens.innerText()).trim();
  if (!/runs on \d+ of \d+ nodes · [1-9]\d* Pending/.test(lensText)) fail(`lens: ${lensText}`);
  await hoverKind('DaemonSet', /worker-a-1[\s\S]*created, then Pending: Insufficient cpu/);
  await showRow('worker-a-1');
  await u.shot('pending-hover.png');
  lap(`screen: otel-agent lens "${lensText}" and the hover's Pending row (Insufficient cpu on worker-a-1)`);
  const otel = await placementOf('otel-agent.yaml', 'otel-agent');
  const pending = await otel.locator('#count-pending').innerText();
  const cpu = await stage(otel, 'worker-a-1');
  if (!/Pending[\s\S]*Insufficient cpu/.test(cpu)) fail(`worker-a-1's Scheduler cell: ${cpu}`);
  if (!/Filter stage only/.test(await otel.locator('#scheduler-note').innerText())) fail('the view does not say it is the Filter stage only');
  await otel.locator('#nodes tbody tr[data-key="worker-a-1"]').scrollIntoViewIfNeeded();
  await u.shot('pending-placement.png');
  await fits(otel, 'placement with the Scheduler column');
  await axe(otel, 'placement with the Scheduler column');
  await otel.evaluate(() => window.scrollTo(0, 0));
  lap(`screen: otel-agent placement: ${pending} Pending, worker-a-1 "${cpu.replace(/\s+/g, ' ').slice(0, 60)}…"`);

  // node-exporter: host port 9100 already taken on worker-c-1.
  await u.open('node-exporter.yaml', 'node-exporter');
  await hoverKind('DaemonSet', /worker-c-1[\s\S]*didn't have free ports for the requested pod ports/);
  await showRow('worker-c-1');
  await u.shot('hostport-hover.png');
  const exporter = await placementOf('node-exporter.yaml', 'node-exporter');
  const port = await stage(exporter, 'worker-c-1');
  if (!/Pending[\s\S]*didn't have free ports/.test(port)) fail(`worker-c-1's Scheduler cell: ${port}`);
  await exporter.locator('#nodes tbody tr[data-key="worker-c-1"]').scrollIntoViewIfNeeded();
  await u.shot('hostport-placement.png');
  await fits(exporter, 'placement (host port taken)');
  await exporter.evaluate(() => window.scrollTo(0, 0));
  lap('screen: node-exporter Pending on worker-c-1 (host port taken) in the hover and the Scheduler column');

  // web-deployment: the preview of a Deployment's pod; its lens opens the workload view.
  await u.open('web-deployment.yaml', 'Deployment');
  const wlens = page.locator('.monaco-editor .codelens-decoration:has-text("fits on")').first();
  await wlens.waitFor({ timeout: 30000 }).catch(() => fail('no "fits on" code lens on web-deployment.yaml'));
  const wlensText = (await wlens.innerText()).trim();
  await hoverKind('Deployment', /its pod fits on[\s\S]*worker-a-1[\s\S]*Insufficient cpu/, 'its pod fits on');
  await u.shot('deployment-hover.png');
  await page.mouse.move(5, 5);
  await page.keyboard.press('Escape');
  await wlens.locator('a').first().click();
  const preview = await u.webviewFrame('#count-fits');
  if (!preview) fail('the code lens did not open the workload preview');
  const fitsOn = await preview.locator('#count-fits').innerText();
  if (!/does not fit[\s\S]*Insufficient cpu/.test(await stage(preview, 'worker-a-1'))) fail('worker-a-1 in the preview');
  await u.shot('deployment-preview.png');
  await fits(preview, 'workload preview');
  await axe(preview, 'workload preview');
  lap(`screen: web-deployment lens "${wlensText}", hover and preview view (#count-fits ${fitsOn})`);
}
