//! The JavaScript face of [`super::certify`] and [`super::session::Session`], as wasm-bindgen
//! exports it: the object being certified is reached through the npm package's bridge
//! (`npm/src/bridge.js`), which calls its methods with JSON arguments and answers JSON text:
//! `{"answer": …}`, `{"unsupported": "reason"}` or `{"error": "NAME: MESSAGE"}`.

use serde_json::Value;
use wasm_bindgen::prelude::*;

use super::session::Session;
use super::{Ask, CertifyError, CertifyOptions, Reply};

#[wasm_bindgen]
extern "C" {
    /// The bridge over the object being certified.
    #[wasm_bindgen(typescript_type = "CertifyBridge")]
    pub type Bridge;

    /// The name the report gives the object.
    #[wasm_bindgen(method, getter)]
    fn label(this: &Bridge) -> String;

    /// Whether the object has the method.
    #[wasm_bindgen(method)]
    fn has(this: &Bridge, method: &str) -> bool;

    /// Calls the method with JSON arguments; the reply is JSON text.
    #[wasm_bindgen(method, catch)]
    fn call(this: &Bridge, method: &str, args: &str) -> Result<String, JsValue>;
}

/// The bridge's reply text as a [`Reply`].
pub fn reply_of(text: &str) -> Reply {
    let Ok(v) = serde_json::from_str::<Value>(text) else {
        return Reply::Error(format!("the bridge answered what is not JSON: {text}"));
    };
    if let Some(answer) = v.get("answer") {
        return Reply::Answer(answer.clone());
    }
    if let Some(reason) = v.get("unsupported") {
        return Reply::Unsupported(reason.as_str().unwrap_or_default().to_owned());
    }
    let error = v
        .get("error")
        .and_then(Value::as_str)
        .unwrap_or("no answer");
    Reply::Error(error.to_owned())
}

impl Ask for Bridge {
    fn name(&self) -> String {
        self.label()
    }

    fn has(&self, method: &str) -> bool {
        Bridge::has(self, method)
    }

    fn call(&mut self, method: &str, args: &Value) -> Reply {
        match Bridge::call(self, method, &args.to_string()) {
            Ok(text) => reply_of(&text),
            Err(e) => Reply::Error(e.as_string().unwrap_or_else(|| "the bridge threw".into())),
        }
    }
}

fn js(e: CertifyError) -> JsError {
    JsError::new(&e.to_string())
}

fn options(text: &str) -> Result<CertifyOptions, JsError> {
    crate::options::parse(text).map_err(|e| js(e.into()))
}

/// `shogi-conformance run --impl … --format json`, the object in this process.
#[wasm_bindgen(js_name = shogiCertify)]
pub fn shogi_certify(bridge: Bridge, options_json: &str) -> Result<String, JsError> {
    super::certify(bridge, &options(options_json)?).map_err(js)
}

/// The corpus one case at a time, for a test runner.
#[wasm_bindgen(js_name = ShogiSession)]
pub struct JsSession(Session<Bridge>);

#[wasm_bindgen(js_class = ShogiSession)]
impl JsSession {
    /// A session over the bridge's object with `certify`'s options.
    #[wasm_bindgen(constructor)]
    pub fn new(bridge: Bridge, options_json: &str) -> Result<JsSession, JsError> {
        Ok(JsSession(
            Session::new(bridge, &options(options_json)?).map_err(js)?,
        ))
    }

    /// The chosen cases, as a JSON array.
    pub fn cases(&self) -> String {
        self.0.cases().to_owned()
    }

    /// Runs one case; its outcome as JSON.
    #[wasm_bindgen(js_name = runCase)]
    pub fn run_case(&mut self, id: &str) -> Result<String, JsError> {
        self.0.run_case(id).map_err(js)
    }

    /// The JSON report of every case run so far.
    pub fn report(&self) -> Result<String, JsError> {
        self.0.report().map_err(js)
    }
}
