//! The package's JavaScript for a page that inlines the engine and is opened
//! from a file, as the release review page is (docs/review.md#playing-a-board):
//! the ES module's source, and the worker as one classic script. Native only:
//! the module never carries it.

/// The engine's JavaScript glue (docs/web.md#the-module), `js/discflip.js`.
pub const ENGINE_JS: &str = include_str!("../js/discflip.js");

/// The worker's body (docs/web.md#in-a-worker), `js/discflip.worker.js`.
const WORKER_JS: &str = include_str!("../js/discflip.worker.js");

/// The engine's Web Worker as one classic script for a Blob URL: the
/// engine's JavaScript, then the worker's body without its import of it.
/// Classic, because a page opened from a file cannot start a module worker
/// from a Blob; so the module syntax goes: `export` from the classes and
/// functions, and `import.meta.url` (the module's own address, which only the
/// defaults read) becomes the worker's.
pub fn classic_worker_js() -> String {
    const IMPORT: &str = "import { Engine } from \"./discflip.js\";\n";
    let (head, body) = WORKER_JS.split_once(IMPORT).expect("js/discflip.worker.js imports ./discflip.js");
    let engine = ENGINE_JS
        .replace("export class ", "class ")
        .replace("export function ", "function ")
        .replace("import.meta.url", "self.location.href");
    format!("{engine}\n{head}{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worker_is_one_classic_script() {
        let js = classic_worker_js();
        let code: Vec<&str> = js.lines().filter(|l| !l.trim_start().starts_with("//")).collect();
        for module_syntax in ["import {", "export ", "import.meta"] {
            assert!(!code.iter().any(|l| l.contains(module_syntax)), "{module_syntax:?} in the classic worker");
        }
        assert!(js.contains("class Engine {") && js.contains("self.onmessage = async"), "the engine, then the worker");
        assert!(js.starts_with(&ENGINE_JS[..200].replace("export class ", "class ")), "the engine first");
    }
}
