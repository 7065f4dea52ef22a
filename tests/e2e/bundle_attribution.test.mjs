// The performance suite's attribution of the main module's bytes
// (scripts/bench/attribution.mjs): Rust names read back as paths and owners,
// and the side build with names kept accounting for the shipped module.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { attribute, demangle, owner, readModule } from '../../scripts/bench/attribution.mjs';
import { DIST, ROOT } from '../support/simulator.mjs';

test('a legacy symbol reads back as its path, without its hash', () => {
  assert.equal(demangle('_ZN6vmdeck3api6client3Api4send28_$u7b$$u7b$closure$u7d$$u7d$17h1b2976397bcd48c5E'), 'vmdeck::api::client::Api::send::{{closure}}');
  assert.equal(
    demangle('_ZN98_$LT$$RF$mut$u20$serde_json..de..Deserializer$LT$R$GT$$u20$as$u20$serde_core..de..Deserializer$GT$15deserialize_seq17h367df4856974d8aaE'),
    '<&mut serde_json::de::Deserializer<R> as serde_core::de::Deserializer>::deserialize_seq',
  );
  // v0, as far as its crate; anything else as it is.
  assert.equal(demangle('_RNvMs0_NtCsjqx8TIyZbP9_8dlmalloc8dlmallocINtB5_8DlmallocNtNtB7_3sys6SystemE6mallocCsebHcaeoSrxy_3std'), 'dlmalloc::…');
  assert.equal(demangle('memcpy'), 'memcpy');
  assert.equal(demangle('_ZN3abcE'), 'abc');
  assert.equal(demangle('_ZN9abcE'), '_ZN9abcE');
  assert.equal(demangle('_ZNxE'), '_ZNxE');
});

test('a function belongs to its crate, a trait method to its type, a generic one to the trait', () => {
  assert.deepEqual(owner('vmdeck::deploy::load::{{closure}}'), { crate: 'vmdeck', module: 'vmdeck::deploy' });
  assert.deepEqual(owner('vmdeck::pages::vm_list::table::Row::build'), { crate: 'vmdeck', module: 'vmdeck::pages::vm_list' });
  assert.deepEqual(owner('vmdeck::hooks::use_data::UseData<T>::get'), { crate: 'vmdeck', module: 'vmdeck::hooks::use_data' });
  assert.deepEqual(owner('vmdeck::start'), { crate: 'vmdeck', module: 'vmdeck' });
  assert.equal(owner('<vmdeck_core::vm::Vm as serde_core::de::Deserialize>::deserialize').crate, 'vmdeck_core');
  assert.equal(owner('<&mut serde_json::de::Deserializer<R> as serde_core::de::Deserializer>::deserialize_seq').crate, 'serde_json');
  assert.equal(owner('<T as tachys::view::any_view::IntoAny>::into_any::build').crate, 'tachys');
  assert.equal(owner('tachys::reactive_graph::<impl tachys::view::Render for F>::build::{{closure}}').crate, 'tachys');
  assert.equal(owner('').crate, '(unnamed)');
});

test('the side build with names accounts for every function of the shipped main module', () => {
  const app = readdirSync(DIST).find((name) => name.startsWith('app-'));
  const shipped = path.join(DIST, app, 'vmdeck_bg.wasm');
  const named = attribute({ linked: path.join(ROOT, 'target', 'wasm32-unknown-unknown', 'release', 'vmdeck.wasm'), shipped });
  const real = readModule(readFileSync(shipped));
  assert.equal(named.functions, real.functions.length);
  // Named and shipped code within a few percent of each other: the same functions, optimised alike.
  const shippedCode = real.functions.reduce((sum, f) => sum + f.body.length, 0);
  assert.ok(Math.abs(named.total - shippedCode) / shippedCode < 0.05, `named ${named.total} B, shipped ${shippedCode} B`);
  const sum = (rows) => rows.reduce((total, row) => total + row.raw, 0);
  assert.equal(sum(named.crates), named.total);
  for (const crate of ['vmdeck', 'vmdeck_core', 'tachys', 'reactive_graph', 'leptos_router']) {
    assert.ok(named.crates.some((row) => row.name === crate && row.raw > 0), `${crate} in the main module`);
  }
  // Nearly everything has a name: a side build that lost them would say nothing.
  const unnamed = named.crates.find((row) => row.name === '(unnamed)')?.raw ?? 0;
  assert.ok(unnamed < named.total * 0.05, `${unnamed} of ${named.total} B unnamed`);
  assert.ok(named.ours.every((row) => /^vmdeck(_core)?(::|$)/.test(row.name)));
  assert.equal(sum(named.ours), sum(named.crates.filter((row) => ['vmdeck', 'vmdeck_core'].includes(row.name))));
});
