//! The one fetch helper. It owns the base URL, the `Authorization` header,
//! JSON bodies, the timeout, the status check, error decoding and the retries
//! of GETs. Reads go through [`Api::get`], writes through [`Api::run`].

use super::deadline::Deadline;
use crate::session::{Credentials, Session};
use gloo_net::http::{Headers, Method, RequestBuilder};
use serde_json::Value;
use std::future::Future;
use vmdeck_core::api::decode::DecodeError;
use vmdeck_core::api::paths;
use vmdeck_core::api::request::{self, ApiRequest};
use vmdeck_core::login::GrantBody;
use vmdeck_core::ApiError;
use wasm_bindgen::JsCast;

pub type ApiResult<T> = Result<T, ApiError>;

/// A request made by [`Api::call`], answered when awaited.
pub type Pending<T> = std::pin::Pin<Box<dyn Future<Output = ApiResult<T>>>>;

/// How long one request may take before it is abandoned.
const TIMEOUT_MS: u32 = vmdeck_core::api::REQUEST_TIMEOUT_MS;
/// Tries of a GET in all, with backoff between them.
const GET_TRIES: u32 = 3;
const BACKOFF_MS: [u32; 2] = [400, 1_200];
/// The most a `Retry-After` header may make a GET wait.
const MAX_RETRY_AFTER_S: u32 = 5;

/// A client for one account. Cheap to clone; made from the session.
#[derive(Clone)]
pub struct Api {
    credentials: Credentials,
    /// Told when the API refuses the token, so the app returns to the login
    /// page. None while the login form checks a token.
    session: Option<Session>,
}

/// A request's body.
#[derive(Clone)]
enum Body<'a> {
    Json(&'a Value),
    /// Form-encoded already.
    Form(String),
}

/// A decoded success response: the body and the headers the caller may need.
pub struct Reply {
    pub status: u16,
    pub body: Value,
    pub headers: Headers,
}

impl Reply {
    /// The body read by a model's tolerant decoder; what it cannot read is
    /// an error that names the status and what was wrong.
    pub fn decode<T>(&self, read: impl FnOnce(&Value) -> Result<T, DecodeError>) -> ApiResult<T> {
        read(&self.body).map_err(|e| ApiError::from_decode(self.status, e))
    }

    /// What an operation's answer says about the operation.
    pub fn outcome(&self) -> Outcome {
        Outcome::of(self.status)
    }
}

/// What an operation's answer says: done already (200/201/204), or
/// accepted (202) and going on while the VM is locked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Done,
    Started,
}

impl Outcome {
    pub fn of(status: u16) -> Self {
        if status == 202 {
            Self::Started
        } else {
            Self::Done
        }
    }
}

impl Api {
    pub fn new(credentials: Credentials, session: Option<Session>) -> Self {
        Self { credentials, session }
    }

    /// A client with no login yet, for the login endpoints at `base_url`.
    pub fn public(base_url: String) -> Self {
        Self::new(
            Credentials::new(base_url, String::new(), crate::session::Token::new(""), false),
            None,
        )
    }

    /// The client of the logged-in user, or `Unauthorized` when logged out.
    pub fn from_session(session: Session) -> ApiResult<Self> {
        // A login whose time is up ends here, before its token is sent again.
        if !session.check() {
            return Err(ApiError::Unauthorized);
        }
        session.credentials().map(|c| Self::new(c, Some(session))).ok_or(ApiError::Unauthorized)
    }

    /// The one way pages reach the API: `request` made now with the
    /// session's client (so a reactive caller tracks the session), answered
    /// when awaited; logged out, `Unauthorized` without a request.
    pub fn call<T, Fut>(session: Session, request: impl FnOnce(Self) -> Fut) -> Pending<T>
    where
        Fut: Future<Output = ApiResult<T>> + 'static,
    {
        let request = Self::from_session(session).map(request);
        // Boxed so that the future does not borrow the closure that made it.
        Box::pin(async move { request?.await })
    }

    /// The same login to `address`, the deployment's store of workspace
    /// files: read and written as the API is, but a refusal there does not
    /// end the login, which the API still accepts.
    pub fn at_store(&self, address: &str) -> Self {
        Self {
            credentials: Credentials { base_url: address.to_owned(), ..self.credentials.clone() },
            session: None,
        }
    }

    pub fn account_id(&self) -> &str {
        &self.credentials.account_id
    }

    pub fn base_url(&self) -> &str {
        &self.credentials.base_url
    }

    /// GET, retried with backoff while the failure is transient.
    pub async fn get(&self, path: &str, query: &[(&str, String)]) -> ApiResult<Reply> {
        let mut attempt = 0;
        loop {
            let result = self.send(request::Method::Get, path, query, None).await;
            attempt += 1;
            match result {
                Err(err) if attempt < GET_TRIES && err.is_transient() => {
                    let wait = match &err {
                        ApiError::Server { retry_after: Some(s), .. } => {
                            s.min(&MAX_RETRY_AFTER_S) * 1000
                        }
                        _ => BACKOFF_MS[(attempt as usize - 1).min(BACKOFF_MS.len() - 1)],
                    };
                    gloo_timers::future::TimeoutFuture::new(wait).await;
                }
                other => return other,
            }
        }
    }

    /// One write (`vmdeck_core::api::request`), never retried.
    pub async fn run(&self, request: &ApiRequest) -> ApiResult<Reply> {
        self.send(request.method, &request.path, &[], request.body.as_ref().map(Body::Json)).await
    }

    /// A `POST` to a login endpoint (`vmdeck_core::login::grant`), never retried.
    pub async fn post_grant(&self, path: &str, body: &GrantBody) -> ApiResult<Reply> {
        let body = match body {
            GrantBody::Json(json) => Body::Json(json),
            GrantBody::Form(pairs) => {
                let form = web_sys::UrlSearchParams::new().map_err(|_| {
                    ApiError::Invalid(format!("The request to {path} could not be made."))
                })?;
                for (key, value) in pairs {
                    form.append(key, value);
                }
                Body::Form(String::from(form.to_string()))
            }
        };
        // No login to renew or end: sent once, as it is.
        self.send_once(request::Method::Post, path, &[], Some(body)).await
    }

    /// One request. A refused token ends the login, unless it is a password
    /// login's whose token had ended: then it is renewed (once for every
    /// tab, `session::renew`) and the request sent again with the new one.
    async fn send(
        &self,
        method: request::Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<Body<'_>>,
    ) -> ApiResult<Reply> {
        let answer = self.send_once(method, path, query, body.clone()).await;
        let (Err(ApiError::Unauthorized), Some(session)) = (&answer, self.session) else {
            return answer;
        };
        let refused = self.credentials.token.expose().to_owned();
        if let Some(grant) = self.credentials.grant.as_ref().filter(|g| g.refresh_token.is_some()) {
            crate::session::renew(session, grant.id.clone(), Some(refused.clone())).await;
            // A 401 means the API did nothing: sent again, once, with the new token.
            if let Some(renewed) =
                session.login(&self.credentials.login_id).filter(|c| c.token.expose() != refused)
            {
                let again =
                    Self::new(renewed, Some(session)).send_once(method, path, query, body).await;
                if !matches!(again, Err(ApiError::Unauthorized)) {
                    return again;
                }
            }
        }
        session.expire(&self.credentials.login_id);
        answer
    }

    /// One request, never retried.
    async fn send_once(
        &self,
        method: request::Method,
        path: &str,
        query: &[(&str, String)],
        body: Option<Body<'_>>,
    ) -> ApiResult<Reply> {
        // The query goes through the builder: gloo-net appends its own
        // (possibly empty) query to a URL that already has one.
        let url = paths::url(&self.credentials.base_url, path, &[]);
        let unreachable = || ApiError::Unreachable { base_url: self.credentials.base_url.clone() };

        let deadline = Deadline::new(TIMEOUT_MS).ok_or_else(unreachable)?;
        let failed = |_| {
            if deadline.passed() {
                ApiError::Timeout {
                    base_url: self.credentials.base_url.clone(),
                    seconds: TIMEOUT_MS / 1000,
                }
            } else {
                unreachable()
            }
        };

        let builder = vmdeck_core::api::REQUEST_HEADERS
            .into_iter()
            .fold(RequestBuilder::new(&url), |builder, (name, value)| builder.header(name, value))
            .query(query.iter().map(|(key, value)| (*key, value.as_str())))
            .method(match method {
                request::Method::Get => Method::GET,
                request::Method::Post => Method::POST,
                request::Method::Put => Method::PUT,
                request::Method::Delete => Method::DELETE,
            })
            // Answers carry passwords: never on disk. And no cookie of any
            // site the API shares goes with the token.
            .cache(web_sys::RequestCache::NoStore)
            .credentials(web_sys::RequestCredentials::Omit)
            .abort_signal(Some(&deadline.signal()));
        // No login yet (the login endpoints): no header.
        let authorization = self.credentials.token.expose();
        let builder = if authorization.is_empty() {
            builder
        } else {
            builder.header(vmdeck_core::api::AUTHORIZATION, authorization)
        };
        let request = match body {
            Some(Body::Json(body)) => {
                builder.header("Content-Type", "application/json").body(body.to_string())
            }
            Some(Body::Form(body)) => {
                builder.header("Content-Type", "application/x-www-form-urlencoded").body(body)
            }
            None => builder.build(),
        }
        .map_err(|_| ApiError::Invalid(format!("The request to {path} could not be made.")))?;

        // The page's first read, if the boot script sent it already: its answer.
        let early = match method {
            request::Method::Get => {
                take_first_read(
                    &paths::url(&self.credentials.base_url, path, query),
                    self.credentials.token.expose(),
                )
                .await
            }
            _ => None,
        };
        let response = match early {
            Some(response) => response,
            None => request.send().await.map_err(failed)?,
        };
        let status = response.status();
        let text = response.text().await.map_err(failed)?;
        let headers = response.headers();

        if !(200..300).contains(&status) {
            return Err(ApiError::from_response(
                status,
                &text,
                headers.get("retry-after").as_deref(),
            ));
        }
        // 202/204 and "no data" answers have an empty body: that is a success.
        let body = if text.trim().is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).map_err(|err| ApiError::malformed(status, &text, &err))?
        };
        Ok(Reply { status, body, headers })
    }
}

/// The answer to the boot script's first read of `url` with `authorization`
/// (`hooks::FIRST_READ`), taken once: `None` when there is none, or when
/// it failed to arrive, so that the read is sent afresh.
async fn take_first_read(url: &str, authorization: &str) -> Option<gloo_net::http::Response> {
    let take = crate::start::boot_hook::boot_hook::<js_sys::Function>(
        vmdeck_core::boot::hooks::FIRST_READ,
    )?;
    let promise = take
        .call2(&wasm_bindgen::JsValue::NULL, &url.into(), &authorization.into())
        .ok()?
        .dyn_into::<js_sys::Promise>()
        .ok()?;
    let response = wasm_bindgen_futures::JsFuture::from(promise).await.ok()?;
    response.dyn_into::<web_sys::Response>().ok().map(gloo_net::http::Response::from)
}
