;;; probe.el --- Emacs (28+) eglot attaches to the kce server in batch mode -*- lexical-binding: t -*-
;; Set up the way README's Emacs section does (eglot-server-programs with :initializationOptions,
;; eglot-workspace-configuration), open the file, wait for flymake diagnostics, ask a hover, and write
;; DIAG/HOVER/MESSAGE lines to KCE_EMACS_OUT.  Exit 0 when all arrived.
(require 'package)
(package-initialize)                    ; Debian's elpa-eglot (Emacs 28) lives under site-lisp/elpa
(require 'eglot)
(require 'cl-lib)

(defvar kce-probe-ok t)
(defvar kce-probe-out (getenv "KCE_EMACS_OUT"))
(defun kce-probe-write (fmt &rest args)
  (with-temp-buffer
    (insert (apply #'format fmt args) "\n")
    (append-to-file (point-min) (point-max) kce-probe-out)))
(defun kce-probe-fail (what) (kce-probe-write "FAIL %s" what) (setq kce-probe-ok nil))

(let ((server (getenv "KCE_EMACS_SERVER"))
      (root (file-name-as-directory (getenv "KCE_EMACS_ROOT")))
      (file (getenv "KCE_EMACS_FILE"))
      (kubeconfig (getenv "KCE_EMACS_KUBECONFIG"))
      (hover-line (string-to-number (getenv "KCE_EMACS_HOVER_LINE"))))
  ;; Emacs 28 has no YAML mode built in: a stand-in major mode for the file.
  (define-derived-mode kce-probe-yaml-mode prog-mode "YAML")
  ;; A plain directory is no project for project.el 0.8: name it one, so eglot does not prompt.
  (add-hook 'project-find-functions (lambda (_dir) (cons 'transient root)))
  (add-to-list 'eglot-server-programs
               `(kce-probe-yaml-mode . ("node" ,server "--stdio" :initializationOptions (:trusted t))))
  (setq-default eglot-workspace-configuration
                `(:kce (:inventory (:source "cluster" :kubeconfig ,kubeconfig))))
  (find-file file)
  (kce-probe-yaml-mode)
  (eglot-ensure)
  ;; eglot-ensure connects from post-command-hook, which batch mode never runs by itself.
  (run-hooks 'post-command-hook)
  (with-timeout (20 (kce-probe-fail "no server"))
    (while (not (eglot-current-server)) (accept-process-output nil 0.05)))
  (with-timeout (20 (kce-probe-fail "no diagnostics"))
    (while (null (flymake-diagnostics)) (accept-process-output nil 0.05)))
  (with-timeout (20 (kce-probe-fail "no unreachable message"))
    (while (not (with-current-buffer "*Messages*"
                  (save-excursion (goto-char (point-min)) (search-forward "unreachable" nil t))))
      (accept-process-output nil 0.05)))
  ;; The diagnostics may be re-published after the inventory settled: wait for the last set.
  (accept-process-output nil 0.5)
  (dolist (d (flymake-diagnostics))
    (kce-probe-write "DIAG %d %s %s" (1- (line-number-at-pos (flymake-diagnostic-beg d)))
                     (flymake-diagnostic-type d)
                     (replace-regexp-in-string "\n" " " (flymake-diagnostic-text d))))
  (with-current-buffer "*Messages*"
    (dolist (line (split-string (buffer-string) "\n" t))
      (kce-probe-write "MESSAGE %s" line)))
  (goto-char (point-min))
  (forward-line hover-line)
  (forward-char 2)
  (let* ((hover (jsonrpc-request (eglot-current-server) :textDocument/hover
                                 (eglot--TextDocumentPositionParams)))
         (value (and hover (plist-get (plist-get hover :contents) :value))))
    (if value
        (kce-probe-write "HOVER %s" (replace-regexp-in-string "\n" "\\\\n" value))
      (kce-probe-fail "no hover")))
  (eglot-shutdown (eglot-current-server)))

(kce-probe-write (if kce-probe-ok "RESULT OK" "RESULT FAIL"))
(kill-emacs (if kce-probe-ok 0 1))
