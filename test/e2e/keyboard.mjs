// The placement table with the keyboard only, in the real webview: one Tab stop for the whole table (sort buttons
// included), arrows between header and rows, a sort from the keyboard, Tab out and back, and after Enter on a row
// (the editor takes the focus) Ctrl+2 back to the view lands on the same row at the same scroll position.

const active = (frame) => frame.evaluate(() => {
  const el = document.activeElement;
  return { tag: el?.tagName ?? '', key: el?.getAttribute('data-key') ?? null, text: el?.textContent?.trim().slice(0, 40) ?? '', inTable: !!el?.closest('#nodes'), head: !!el?.closest('#nodes thead') };
});

export async function tableKeyboard(page, frame) {
  const fail = (m) => { throw new Error(`keyboard: ${m}`); };
  const stops = await frame.locator('#nodes [tabindex="0"], #nodes a[href], #nodes button:not([tabindex="-1"])').count();
  if (stops !== 1) fail(`the node table has ${stops} Tab stops (sort buttons included)`);
  // Tab from the filter box reaches the table's one stop: the sort button clicked last (the caller sorted by Outcome).
  await frame.locator('#filter').focus();
  await page.keyboard.press('Tab'); // the outcome select
  await page.keyboard.press('Tab'); // the "Text report" link
  await page.keyboard.press('Tab');
  const entry = await active(frame);
  if (!entry.head || entry.text !== 'Outcome') fail(`Tab did not land on the remembered sort button: ${JSON.stringify(entry)}`);
  await page.keyboard.press('ArrowDown');
  const first = await active(frame);
  if (first.tag !== 'TR' || !first.key) fail(`ArrowDown from the header did not reach the first row: ${JSON.stringify(first)}`);
  await page.keyboard.press('ArrowDown');
  const second = await active(frame);
  if (!second.key || second.key === first.key) fail(`ArrowDown did not move from ${first.key}`);
  // Up twice: the first row, then the header at the column used last; Left/Right along it; Enter sorts.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  const head = await active(frame);
  if (!head.head || head.text !== 'Outcome') fail(`ArrowUp from the first row did not reach the Outcome header: ${JSON.stringify(head)}`);
  await page.keyboard.press('ArrowLeft');
  if ((await active(frame)).text !== 'Node') fail(`ArrowLeft in the header: ${JSON.stringify(await active(frame))}`);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  if ((await frame.locator('th[aria-sort="ascending"]').innerText()).trim() !== 'Outcome') fail('Enter on a sort button did not sort');
  const stillHead = await active(frame);
  if (stillHead.text !== 'Outcome') fail(`the focus left the sort button after sorting: ${JSON.stringify(stillHead)}`);
  if ((await frame.locator('#nodes [tabindex="0"]').count()) !== 1) fail('the header stop is not the only stop');
  // Shift+Tab leaves the table (to the toolbar's last link: nothing in the table is a second stop); Tab comes back
  // to the same stop.
  await page.keyboard.press('Shift+Tab');
  const out = await active(frame);
  if (out.inTable || out.text !== 'Text report') fail(`Shift+Tab from the table's stop went to ${JSON.stringify(out)}`);
  await page.keyboard.press('Tab');
  if ((await active(frame)).text !== 'Outcome') fail('Tab did not come back to the sort button');
  await page.keyboard.press('Enter'); // descending again: rows that run first, skipped ones (with fields) last
  await page.keyboard.press('ArrowDown');
  if ((await active(frame)).tag !== 'TR') fail('ArrowDown from the header did not reach the first row');
  // A row with a field link, far enough down to scroll: Enter shows the field in the editor, which takes the focus.
  // Enter follows End at once, as a quick user's keys do: sooner than the view's deferred save of its scroll.
  await page.keyboard.press('End');
  const { target, scrolled, withField } = await frame.evaluate(() => ({
    target: { key: document.activeElement?.getAttribute('data-key') ?? null },
    scrolled: window.scrollY,
    withField: !!document.activeElement?.querySelector('.msg'),
  }));
  if (!withField) fail(`the last row ${target.key} has no field link`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.closest('.monaco-editor'), null, { timeout: 10000 })
    .catch(() => fail('Enter on the row did not show the field in the editor'));
  // Back to the view from the keyboard: the same row has the focus, the view has not scrolled.
  // The view restores the focus when the webview gets it back, which takes longer on a busy machine: wait for the
  // row (up to 5 s) rather than a fixed time, then check it is the same row at the same scroll.
  await page.keyboard.press('Control+2');
  let back = await active(frame);
  for (const t0 = Date.now(); back.key !== target.key && Date.now() - t0 < 5000; back = await active(frame)) {
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(200); // any scroll that would follow the focus
  const y = await frame.evaluate(() => window.scrollY);
  if (back.key !== target.key || Math.abs(y - scrolled) > 2) fail(`back in the view: focus ${JSON.stringify(back)} (was ${target.key}), scroll ${y} (was ${scrolled})`);
  return { rowKey: target.key, scrollY: y };
}
