//! The size rules of the house (ARCHITECTURE.md, Invariants): no tracked Rust
//! file over 450 lines, and no function over 80 lines outside test code.
//!
//! A function's length runs from the line of its `fn` keyword to the line of
//! its closing brace. Test code is what only `cargo test` compiles: files under
//! a `tests/` directory, modules declared under `#[cfg(test)]` (and every file
//! below them) and items marked `#[test]` or `#[cfg(test)]`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use syn::visit::Visit;

const MAX_FILE_LINES: usize = 450;
const MAX_FN_LINES: usize = 80;

#[test]
fn no_file_over_450_lines_and_no_function_over_80_outside_tests() {
    let root = discflip_e2e::workspace_root();
    let files = tracked_rust_files(&root);
    assert!(files.len() > 50, "git lists the workspace's Rust files: {}", files.len());
    let test_files = test_module_files(&root, &files);
    let mut faults = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(root.join(file)).expect("a tracked file reads");
        faults.extend(file_faults(file, &text, test_files.contains(file)));
    }
    assert!(faults.is_empty(), "the size rules are broken:\n{}", faults.join("\n"));
}

/// What breaks the rules in one file, a line each (`path:line: what`).
fn file_faults(path: &Path, text: &str, test_file: bool) -> Vec<String> {
    let mut faults = Vec::new();
    let lines = text.lines().count();
    if lines > MAX_FILE_LINES {
        faults.push(format!("{}:{lines}: {lines} lines (at most {MAX_FILE_LINES})", path.display()));
    }
    if test_file || is_under_tests_dir(path) {
        return faults;
    }
    let ast = match syn::parse_file(text) {
        Ok(ast) => ast,
        Err(e) => {
            let at = e.span().start();
            return vec![format!("{}:{}: does not parse: {e}", path.display(), at.line)];
        }
    };
    let mut long = LongFunctions::default();
    long.visit_file(&ast);
    for (line, name, n) in long.found {
        faults.push(format!("{}:{line}: fn {name} is {n} lines (at most {MAX_FN_LINES})", path.display()));
    }
    faults
}

/// Functions over the limit, skipping test items: (line, name, lines).
#[derive(Default)]
struct LongFunctions {
    found: Vec<(usize, String, usize)>,
}

impl LongFunctions {
    fn check(&mut self, name: &syn::Ident, fn_token: &syn::token::Fn, block: &syn::Block) {
        let first = fn_token.span.start().line;
        let last = block.brace_token.span.close().end().line;
        let n = last + 1 - first;
        if n > MAX_FN_LINES {
            self.found.push((first, name.to_string(), n));
        }
    }
}

impl<'ast> Visit<'ast> for LongFunctions {
    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        if !is_test_item(&f.attrs) {
            self.check(&f.sig.ident, &f.sig.fn_token, &f.block);
            syn::visit::visit_item_fn(self, f);
        }
    }
    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        if !is_test_item(&f.attrs) {
            self.check(&f.sig.ident, &f.sig.fn_token, &f.block);
            syn::visit::visit_impl_item_fn(self, f);
        }
    }
    fn visit_trait_item_fn(&mut self, f: &'ast syn::TraitItemFn) {
        if let (false, Some(block)) = (is_test_item(&f.attrs), &f.default) {
            self.check(&f.sig.ident, &f.sig.fn_token, block);
            syn::visit::visit_trait_item_fn(self, f);
        }
    }
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if !is_test_item(&m.attrs) {
            syn::visit::visit_item_mod(self, m);
        }
    }
    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        if !is_test_item(&i.attrs) {
            syn::visit::visit_item_impl(self, i);
        }
    }
}

/// `#[test]`, or a `cfg` that requires `test` (`#[cfg(test)]`, `#[cfg(all(test, ...))]`).
fn is_test_item(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("test")
            || (a.path().is_ident("cfg") && a.meta.require_list().is_ok_and(|l| requires_test(l.tokens.clone())))
    })
}

/// Whether a `cfg` predicate holds only under test: `test` itself, or an
/// `all(...)` with such a part (`not(test)` and `any(...)` do not).
fn requires_test(predicate: proc_macro2::TokenStream) -> bool {
    use proc_macro2::TokenTree;
    let mut tokens = predicate.into_iter().peekable();
    while let Some(t) = tokens.next() {
        match t {
            TokenTree::Ident(i) if i == "test" => return true,
            TokenTree::Ident(i) if i == "all" => {
                if let Some(TokenTree::Group(g)) = tokens.peek()
                    && requires_test(g.stream())
                {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
}

fn is_under_tests_dir(path: &Path) -> bool {
    path.parent().is_some_and(|dir| dir.components().any(|c| c.as_os_str() == "tests"))
}

/// The Rust files git tracks, relative to `root`.
fn tracked_rust_files(root: &Path) -> Vec<PathBuf> {
    let out = std::process::Command::new("git")
        .args(["ls-files", "-z", "--", "*.rs"])
        .current_dir(root)
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git ls-files: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
        .split(|&b| b == 0)
        .filter(|p| !p.is_empty())
        .map(|p| PathBuf::from(String::from_utf8(p.to_vec()).expect("a UTF-8 path")))
        .collect()
}

/// The files of modules declared under `#[cfg(test)]` (`#[cfg(test)] mod tests;`)
/// and every file declared below them, relative to `root`.
fn test_module_files(root: &Path, files: &[PathBuf]) -> BTreeSet<PathBuf> {
    let mut test_files = BTreeSet::new();
    let mut todo: Vec<PathBuf> = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(root.join(file)).expect("a tracked file reads");
        let Ok(ast) = syn::parse_file(&text) else { continue };
        for (child, is_test) in declared_modules(file, &ast.items, &module_dir(file)) {
            if is_test {
                todo.push(child);
            }
        }
    }
    while let Some(file) = todo.pop() {
        if !test_files.insert(file.clone()) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(root.join(&file)) else { continue };
        let Ok(ast) = syn::parse_file(&text) else { continue };
        todo.extend(declared_modules(&file, &ast.items, &module_dir(&file)).into_iter().map(|(c, _)| c));
    }
    test_files
}

/// The directory a file's `mod x;` declarations are looked up in.
fn module_dir(file: &Path) -> PathBuf {
    let dir = file.parent().unwrap_or(Path::new("")).to_path_buf();
    match file.file_stem().and_then(|s| s.to_str()) {
        Some("mod" | "lib" | "main") => dir,
        Some(stem) => dir.join(stem),
        None => dir,
    }
}

/// Each out-of-line module declared in `items` (inline modules looked into):
/// its file, and whether it is declared under a test `cfg`.
fn declared_modules(file: &Path, items: &[syn::Item], dir: &Path) -> Vec<(PathBuf, bool)> {
    let mut out = Vec::new();
    for item in items {
        let syn::Item::Mod(m) = item else { continue };
        let is_test = is_test_item(&m.attrs);
        let path_attr = m.attrs.iter().find(|a| a.path().is_ident("path")).and_then(|a| match &a.meta {
            syn::Meta::NameValue(nv) => match &nv.value {
                syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) => Some(s.value()),
                _ => None,
            },
            _ => None,
        });
        match &m.content {
            Some((_, inner)) => {
                let inner_dir = dir.join(m.ident.to_string());
                for (child, t) in declared_modules(file, inner, &inner_dir) {
                    out.push((child, t || is_test));
                }
            }
            None => {
                let name = m.ident.to_string();
                let child = match path_attr {
                    Some(p) => file.parent().unwrap_or(Path::new("")).join(p),
                    None if Path::new(&dir.join(format!("{name}.rs"))).exists() => dir.join(format!("{name}.rs")),
                    None => dir.join(&name).join("mod.rs"),
                };
                out.push((child, is_test));
            }
        }
    }
    out
}

#[test]
fn the_rules_catch_a_long_file_and_a_long_function_but_not_test_code() {
    let body = "    let x = 1;\n".repeat(79);
    let long_fn = format!("fn long() {{\n{body}}}\n");
    let short_fn = format!("fn short() {{\n{}}}\n", "    let x = 1;\n".repeat(78));
    assert_eq!(file_faults(Path::new("a.rs"), &short_fn, false), Vec::<String>::new());
    assert_eq!(file_faults(Path::new("a.rs"), &long_fn, false), ["a.rs:1: fn long is 81 lines (at most 80)"]);
    let method = format!("struct S;\nimpl S {{\n    pub fn m(&self) {{\n{body}    }}\n}}\n");
    assert_eq!(file_faults(Path::new("m.rs"), &method, false), ["m.rs:3: fn m is 81 lines (at most 80)"]);
    let tested = format!("#[cfg(test)]\nmod tests {{\n    {long_fn}}}\n#[test]\n{long_fn}");
    assert!(file_faults(Path::new("t.rs"), &tested, false).is_empty());
    let both = format!("#[cfg(all(test, unix))]\n{long_fn}");
    assert!(file_faults(Path::new("t.rs"), &both, false).is_empty());
    let not_test = format!("#[cfg(not(test))]\n{long_fn}");
    assert_eq!(file_faults(Path::new("n.rs"), &not_test, false), ["n.rs:2: fn long is 81 lines (at most 80)"]);
    assert!(file_faults(Path::new("t.rs"), &long_fn, true).is_empty());
    assert!(file_faults(Path::new("x/tests/t.rs"), &long_fn, false).is_empty());
    let file = "// a line\n".repeat(451);
    assert_eq!(file_faults(Path::new("f.rs"), &file, false), ["f.rs:451: 451 lines (at most 450)"]);
    assert!(file_faults(Path::new("f.rs"), &"// a line\n".repeat(450), false).is_empty());
}

#[test]
fn modules_declared_under_cfg_test_are_test_files() {
    let ast: syn::File = syn::parse_str(
        "mod a; #[cfg(test)] mod tests; #[cfg(test)] #[path = \"x_tests.rs\"] mod x; mod inner { #[cfg(test)] mod deep; }",
    )
    .expect("parses");
    let file = Path::new("src/solver/mod.rs");
    let found = declared_modules(file, &ast.items, &module_dir(file));
    let as_str: Vec<(String, bool)> = found.iter().map(|(p, t)| (p.display().to_string(), *t)).collect();
    assert_eq!(
        as_str,
        [
            ("src/solver/a/mod.rs".to_string(), false),
            ("src/solver/tests/mod.rs".to_string(), true),
            ("src/solver/x_tests.rs".to_string(), true),
            ("src/solver/inner/deep/mod.rs".to_string(), true),
        ]
    );
    assert_eq!(module_dir(Path::new("src/solver/tt.rs")), Path::new("src/solver/tt"));
}
