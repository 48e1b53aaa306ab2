-- Headless Neovim (0.7+) built-in LSP client: start the kce server over stdio the way README's Neovim 0.7 setup
-- does (vim.lsp.start_client with `settings = { kce = … }` and `init_options`), attach to the current buffer,
-- record pushed diagnostics, one hover and the :messages, write them to KCE_NVIM_OUT, exit 0 when all arrived.
-- Optional: KCE_NVIM_SETTINGS / KCE_NVIM_INIT (JSON), KCE_NVIM_NO_CONFIG=1 (answer workspace/configuration with
-- nothing, as a client without it), KCE_NVIM_PUSH=1 (send the settings in on_init, as nvim-lspconfig does),
-- KCE_NVIM_EXPECT_MESSAGE (a Lua pattern that :messages must show).
local out_path = assert(os.getenv('KCE_NVIM_OUT'), 'KCE_NVIM_OUT not set')
local server = assert(os.getenv('KCE_NVIM_SERVER'), 'KCE_NVIM_SERVER not set')
local root = os.getenv('KCE_NVIM_ROOT') or vim.fn.getcwd()
local hover_line = tonumber(os.getenv('KCE_NVIM_HOVER_LINE') or '0')
local hover_col = tonumber(os.getenv('KCE_NVIM_HOVER_COL') or '0')
local settings_json = os.getenv('KCE_NVIM_SETTINGS')
local init_json = os.getenv('KCE_NVIM_INIT')
local expect_message = os.getenv('KCE_NVIM_EXPECT_MESSAGE')
local out = io.open(out_path, 'w')
local function w(s) out:write(s .. '\n'); out:flush() end
local ok_all = true

local diags = nil
local initialized = false
local handlers = {
  ['textDocument/publishDiagnostics'] = function(_, result)
    if result and #result.diagnostics > 0 then diags = result end
  end,
}
if os.getenv('KCE_NVIM_NO_CONFIG') == '1' then
  handlers['workspace/configuration'] = function(_, params)
    local answers = {}
    for i = 1, #params.items do answers[i] = vim.NIL end
    return answers
  end
end
local client_id = vim.lsp.start_client({
  name = 'kce',
  cmd = { 'node', server, '--stdio' },
  root_dir = root,
  settings = settings_json and vim.fn.json_decode(settings_json) or nil,
  init_options = init_json and vim.fn.json_decode(init_json) or nil,
  on_init = function(client)
    if os.getenv('KCE_NVIM_PUSH') == '1' then
      client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
    end
    initialized = true
  end,
  handlers = handlers,
})
local bufnr = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(bufnr, client_id)

if not vim.wait(15000, function() return initialized end, 50) then w('FAIL not initialized'); ok_all = false end

if vim.wait(15000, function() return diags ~= nil end, 50) then
  for _, d in ipairs(diags.diagnostics) do
    w(string.format('DIAG %d %d %d %d %d %s %s', d.range.start.line, d.range.start.character, d.range['end'].line, d.range['end'].character, d.severity or 0, tostring(d.code), d.message:gsub('\n', ' ')))
  end
else
  w('FAIL no diagnostics'); ok_all = false
end

local function messages() return vim.api.nvim_exec('messages', true) end
if expect_message then
  if not vim.wait(15000, function() return messages():find(expect_message) ~= nil end, 50) then
    w('FAIL no message matching ' .. expect_message); ok_all = false
  end
end
for line in messages():gmatch('[^\n]+') do w('MESSAGE ' .. line) end

local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = hover_line, character = hover_col } }
local res = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', params, 10000)
local got = false
for _, r in pairs(res or {}) do
  if r.result and r.result.contents then
    local v = r.result.contents.value or r.result.contents
    w('HOVER ' .. tostring(v):gsub('\n', '\\n'))
    got = true
  end
  if r.err then w('HOVERERR ' .. vim.inspect(r.err)) end
end
if not got then w('FAIL no hover'); ok_all = false end

vim.lsp.stop_client(client_id)
vim.wait(3000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
w(ok_all and 'RESULT OK' or 'RESULT FAIL')
out:close()
vim.cmd(ok_all and 'qa!' or 'cq')
