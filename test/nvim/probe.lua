-- Headless Neovim (0.7+) built-in LSP client: start the kce server over stdio, attach to the current
-- buffer, record pushed diagnostics and one hover, write them to KCE_NVIM_OUT, exit 0 when both arrived.
local out_path = assert(os.getenv('KCE_NVIM_OUT'), 'KCE_NVIM_OUT not set')
local server = assert(os.getenv('KCE_NVIM_SERVER'), 'KCE_NVIM_SERVER not set')
local root = os.getenv('KCE_NVIM_ROOT') or vim.fn.getcwd()
local hover_line = tonumber(os.getenv('KCE_NVIM_HOVER_LINE') or '0')
local hover_col = tonumber(os.getenv('KCE_NVIM_HOVER_COL') or '0')
local out = io.open(out_path, 'w')
local function w(s) out:write(s .. '\n'); out:flush() end
local ok_all = true

local diags = nil
local initialized = false
local client_id = vim.lsp.start_client({
  name = 'kce',
  cmd = { 'node', server, '--stdio' },
  root_dir = root,
  on_init = function() initialized = true end,
  handlers = {
    ['textDocument/publishDiagnostics'] = function(_, result)
      if result and #result.diagnostics > 0 then diags = result end
    end,
  },
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
