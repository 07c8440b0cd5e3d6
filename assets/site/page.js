// The registry page of an agentc build (docs/registry-page.md). Plain browser script, no dependencies,
// no network: it reads the JSON the build embedded in index.html (src/emit/site/site-model.ts is its
// shape) and, on request, the JSON of `agentc install --dry-run --format json` or `agentc status
// --format json` that the person pastes or opens. Everything it shows goes through esc().

(() => {
  performance.mark("agentc-start");
  const data = JSON.parse(document.getElementById("agentc-data").textContent);
  const main = document.getElementById("main");
  const stateIds = data.states.map((s) => s.id);
  const toneOf = Object.fromEntries(data.states.map((s) => [s.id, s.tone]));
  const clientName = Object.fromEntries([...data.adapters, ...data.clients].map((c) => [c.id, c.name]));

  const esc = (value) => String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const at = (p) => `${p.file}:${p.line}:${p.column}`;
  /** 12,345: without Intl, whose first use costs tens of milliseconds. */
  const num = (n) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const count = (n, word, words) => `${num(n)} ${n === 1 ? word : (words ?? `${word}s`)}`;
  const list = (items, render) => items.map(render).join("");
  const code = (text) => `<code>${esc(text)}</code>`;
  const codes = (items) => (items.length === 0 ? "–" : items.map(code).join(" "));

  function checkLink(id) {
    const check = data.checks[id];
    const title = check ? ` title="${esc(check.title)}"` : "";
    return `<a class="check" href="${esc(`${data.checkDocs}${id}.md`)}"${title}>${esc(id)}</a>`;
  }

  /**
   * Parts that can be long (a component's files, a rule's notes, a check's diagnostics) are written into
   * the page when their <details> is first opened: a 1,000-rule registry stays quick to open.
   */
  const lazyParts = [];
  function lazy(summary, render, open = false, attributes = "") {
    if (open) return `<details open${attributes}><summary>${summary}</summary>${render()}</details>`;
    lazyParts.push(render);
    return `<details data-lazy="${lazyParts.length - 1}"${attributes}><summary>${summary}</summary></details>`;
  }

  function wireLazy() {
    main.addEventListener(
      "toggle",
      (event) => {
        const details = event.target;
        if (!(details instanceof HTMLDetailsElement) || !details.open || details.dataset.lazy === undefined)
          return;
        const render = lazyParts[Number(details.dataset.lazy)];
        delete details.dataset.lazy;
        details.insertAdjacentHTML("beforeend", render());
        setWidths(details);
      },
      true,
    );
  }

  function section(id, title, intro, body) {
    return `<section id="${id}" aria-labelledby="${id}-h"><h2 id="${id}-h">${esc(title)}</h2>${
      intro ? `<p class="intro">${intro}</p>` : ""
    }${body}</section>`;
  }

  /** A wide table scrolls inside its own focusable box, so the page never scrolls sideways. */
  function scroller(label, table) {
    return `<div class="scroll" tabindex="0" role="region" aria-label="${esc(label)}">${table}</div>`;
  }

  function stateBadge(state) {
    return `<span class="badge tone-${esc(toneOf[state] ?? "neutral")}">${esc(state)}</span>`;
  }

  // ---- overview -------------------------------------------------------------------------------
  function matrixTotals() {
    const totals = Object.fromEntries(stateIds.map((s) => [s, 0]));
    for (const p of data.matrix.promises)
      for (const cell of Object.values(p.cells))
        totals[cell.enforcement] = (totals[cell.enforcement] ?? 0) + 1;
    return totals;
  }

  function overview() {
    const severities = { error: 0, warning: 0, info: 0 };
    for (const d of data.diagnostics) severities[d.severity] = (severities[d.severity] ?? 0) + 1;
    const totals = matrixTotals();
    const facts = [
      ["Rules", count(data.rules.length, "rule"), `${count(data.dropped.length, "dropped rule")}`, "#rules"],
      [
        "Assistants",
        count(data.clients.length, "client pack"),
        count(data.adapters.length, "rule adapter"),
        "#assistants",
      ],
      [
        "Promises",
        count(data.matrix.promises.length, "promise"),
        stateIds.map((s) => `${totals[s] ?? 0} ${s}`).join(", "),
        "#matrix",
      ],
      ["Capabilities", count(data.capabilities.length, "package"), "", "#capabilities"],
      [
        "Diagnostics",
        count(data.diagnostics.length, "diagnostic"),
        `${severities.error} errors, ${severities.warning} warnings, ${severities.info} infos`,
        "#diagnostics",
      ],
    ];
    const links = [
      ["rules", "Rules"],
      ["dropped", "Dropped rules"],
      ["assistants", "Per assistant"],
      ["matrix", "Capability matrix"],
      ["budgets", "Budgets"],
      ["capabilities", "Capability packages"],
      ["diagnostics", "Diagnostics"],
      ["plan", "Install plan"],
    ];
    return `<nav class="sections" aria-label="Sections"><ul>${list(
      links,
      ([id, title]) => `<li><a href="#${id}">${title}</a></li>`,
    )}</ul></nav><p class="versions">Registry version ${code(data.registryVersion)}, built by agentc ${code(
      data.agentcVersion,
    )}.</p><ul class="facts">${list(
      facts,
      ([label, value, more, href]) =>
        `<li><a href="${href}"><span class="label">${label}</span><strong>${esc(value)}</strong><span>${esc(
          more,
        )}</span></a></li>`,
    )}</ul>`;
  }

  // ---- rules ----------------------------------------------------------------------------------
  /** Per rule row, the lower-cased text the filter looks in. */
  const ruleSearch = [];

  function ruleRow(rule, index) {
    const notes = rule.notes.map((i) => data.diagnostics[i]).filter(Boolean);
    const writeItems = () =>
      `<ul class="plain">${list(
        rule.writes,
        (w) => `<li><span class="comp">${esc(w.component)}</span> ${code(w.path)}</li>`,
      )}</ul>`;
    const writers = [...new Set(rule.writes.map((w) => w.component))].join(", ");
    const written =
      rule.writes.length === 0
        ? "<em>no file</em>"
        : rule.writes.length <= 4
          ? writeItems()
          : lazy(`${count(rule.writes.length, "file")}: ${esc(writers)}`, writeItems);
    const noteItems = () =>
      `<ul class="plain">${list(
        notes,
        (d) => `<li>${checkLink(d.id)} <span class="sev-${esc(d.severity)}">${esc(d.message)}</span></li>`,
      )}</ul>`;
    const noteList =
      notes.length === 0
        ? ""
        : `<div class="notes">${lazy(count(notes.length, "note"), noteItems, notes.length <= 3)}</div>`;
    ruleSearch[index] = [
      rule.slug,
      rule.title,
      rule.source,
      rule.position.file,
      rule.description ?? "",
      ...rule.globs,
    ]
      .concat(rule.writes.map((w) => `${w.component} ${w.path}`))
      .join(" ")
      .toLowerCase();
    const field = (name, label, body) =>
      `<div class="f-${name}"><span class="label">${label}</span>${body}</div>`;
    return `<li class="rule" data-rule="${index}">${field(
      "rule",
      "Rule",
      `<code class="slug">${esc(rule.slug)}</code><span class="sub">${esc(rule.title)}</span>`,
    )}${field(
      "source",
      "Source",
      `${esc(rule.source)} <span class="sub">${esc(rule.kind)} · ${esc(at(rule.position))}</span>${
        rule.adapters ? `<span class="sub">only for ${codes(rule.adapters)}</span>` : ""
      }`,
    )}${field(
      "scope",
      "Scope",
      `${esc(rule.scope)}${rule.trigger ? `<span class="sub">trigger ${code(rule.trigger)}</span>` : ""}`,
    )}${field("globs", "Globs", codes(rule.globs))}${field("desc", "Description", esc(rule.description ?? "–"))}${field(
      "written",
      "Written to, and notes",
      written + noteList,
    )}</li>`;
  }

  /**
   * The rules are a list laid out as a table: each row is a block the browser may skip while it is off
   * screen (content-visibility), which a table row cannot be; a 1,000-rule page then renders in a frame.
   */
  function rulesSection() {
    const head = `<div class="rule rule-head" aria-hidden="true">${list(
      ["Rule", "Source", "Scope", "Globs", "Description", "Written to, and notes"],
      (label) => `<div>${label}</div>`,
    )}</div>`;
    const rules = `${head}<ol class="rules" aria-label="Compiled rules">${list(data.rules, ruleRow)}</ol>`;
    const filter = `<p class="filter"><label for="rule-filter">Filter rules</label> <input id="rule-filter" type="search" autocomplete="off" placeholder="slug, glob, path, adapter"> <output id="rule-count" for="rule-filter" aria-live="polite">${count(
      data.rules.length,
      "rule",
    )}</output></p>`;
    return section(
      "rules",
      "Rules",
      "Every compiled rule: from <code>sources.json</code> (source, kind) and from <code>core/rules/</code> (compiled by client packs), with the file each adapter or client pack writes it to and what the build noted about it.",
      filter + rules,
    );
  }

  function droppedSection() {
    if (data.dropped.length === 0)
      return section("dropped", "Dropped rules", "", "<p>No rule is dropped.</p>");
    const reasons = {
      "source-priority": "a source of higher priority defines the slug",
      "source-order": "a source listed earlier defines the slug",
      supersedes: "another rule supersedes it",
      skip_globs: "skipped by adapters",
    };
    const rows = list(
      data.dropped,
      (d) =>
        `<tr><th scope="row" data-label="Rule">${code(d.slug)}<span class="sub">${esc(d.source)} (${esc(
          d.kind,
        )}) · ${esc(at(d.position))}</span></th><td data-label="Reason">${esc(reasons[d.reason] ?? d.reason)}${
          d.adapters ? `<span class="sub">${esc(d.adapters.join(", "))}</span>` : ""
        }</td><td data-label="Instead">${
          d.by
            ? `${code(d.by.slug)}<span class="sub">${esc(d.by.source)} · ${esc(at(d.by.position))}</span>`
            : "–"
        }</td><td data-label="Why">${checkLink(d.check)} ${esc(d.why)}</td></tr>`,
    );
    const table = `<table class="stack"><caption class="vh">Dropped rules</caption><thead><tr><th scope="col">Rule</th><th scope="col">Reason</th><th scope="col">Instead</th><th scope="col">Why</th></tr></thead><tbody>${rows}</tbody></table>`;
    return section(
      "dropped",
      "Dropped rules",
      "Rules that are read but not written: for one slug the rule of the highest-priority source wins, <code>supersedes</code> drops the rule it names, and an adapter's <code>skip_globs</code> leaves out a rule whose globs it lists.",
      scroller("Dropped rules table", table),
    );
  }

  // ---- per assistant --------------------------------------------------------------------------
  function componentBlock(c) {
    const files = () =>
      c.files.length
        ? `<table class="files"><caption class="vh">Files of ${esc(c.id)}</caption><thead><tr><th scope="col">Path</th><th scope="col">Role</th><th scope="col">SHA-256</th></tr></thead><tbody>${list(
            c.files,
            (f) =>
              `<tr><td>${code(f.path)}</td><td>${esc(f.role)}${f.executable ? ", executable" : ""}</td><td><code class="hash">${esc(
                f.sha256,
              )}</code></td></tr>`,
          )}</tbody></table>`
        : "";
    const links = c.links.length
      ? `<h4>Links</h4><ul class="plain">${list(
          c.links,
          (l) =>
            `<li>${code(l.path)} → ${code(l.target)} <span class="sub">where links are refused: ${esc(l.fallback)}</span></li>`,
        )}</ul>`
      : "";
    const composed = c.composed.length
      ? `<h4>Shared files it composes into</h4><ul class="plain">${list(
          c.composed,
          (s) =>
            `<li>${code(s.path)} <span class="sub">${esc(s.format)}, values in ${esc(s.fragment)}</span></li>`,
        )}</ul>`
      : "";
    const dirs = c.ownedDirs.length ? `<p>Owns whole: ${codes(c.ownedDirs)}</p>` : "";
    const tags = [
      c.required ? "required" : "optional",
      c.with ? `installed with ${c.with.join(" and ")}` : "",
    ]
      .filter(Boolean)
      .join(", ");
    const name = c.name && c.name !== c.id ? ` (${esc(c.name)})` : "";
    const summary = `<strong>${esc(c.id)}</strong>${name}: ${count(c.files.length, "file")}${
      c.links.length ? `, ${count(c.links.length, "link")}` : ""
    }${c.composed.length ? `, ${count(c.composed.length, "shared file")}` : ""} <span class="sub">${esc(tags)}</span>`;
    const body = () => `${dirs}${scroller(`Files of ${c.id}`, files())}${links}${composed}`;
    return lazy(summary, body, false, ` class="component" data-component="${esc(c.id)}"`);
  }

  function assistantsSection() {
    return section(
      "assistants",
      "Per assistant",
      "What each install component receives, from <code>manifest.json</code>: the files with their hashes, links and the shared files it composes values into. A rule adapter and the client pack of the same id are one component.",
      list(data.components, componentBlock),
    );
  }

  // ---- capability matrix ----------------------------------------------------------------------
  function matrixCell(p, client) {
    const cell = p.cells[client];
    if (!cell)
      return `<td data-c="${esc(client)}" data-s=""><span class="none" title="no promise reported">–</span></td>`;
    const reason = cell.reason.trim() || "no reason given";
    return `<td data-c="${esc(client)}" data-s="${esc(cell.enforcement)}"><details><summary class="badge tone-${esc(
      toneOf[cell.enforcement] ?? "neutral",
    )}" title="${esc(`${reason} (${at(p.source)})`)}">${esc(cell.enforcement)}</summary><p>${esc(reason)}</p><p class="sub">promise at ${esc(
      at(p.source),
    )}</p></details></td>`;
  }

  function matrixTable() {
    const clients = data.matrix.clients;
    const head = `<tr><th scope="col">Promise</th><th scope="col">Source</th>${list(
      clients,
      (c) => `<th scope="col" data-c="${esc(c)}">${esc(c)}</th>`,
    )}</tr>`;
    const groups = data.kinds
      .map((kind) => {
        const promises = data.matrix.promises.filter((p) => p.kind === kind.id);
        if (promises.length === 0) return "";
        return `<tbody data-kind="${esc(kind.id)}"><tr class="kind"><th scope="rowgroup" colspan="${
          clients.length + 2
        }">${esc(kind.title)}</th></tr>${list(
          promises,
          (p) =>
            `<tr class="promise"><th scope="row">${esc(p.promise)}</th><td>${code(`${p.source.file}:${p.source.line}`)}</td>${list(
              clients,
              (c) => matrixCell(p, c),
            )}</tr>`,
        )}</tbody>`;
      })
      .join("");
    return `<table class="matrix"><caption class="vh">Capability matrix: promise by client</caption><thead>${head}</thead>${groups}</table>`;
  }

  function matrixSummary() {
    const rows = list(data.matrix.clients, (client) => {
      const perKind = data.matrix.summary[client] ?? {};
      const totals = Object.fromEntries(stateIds.map((s) => [s, 0]));
      for (const counts of Object.values(perKind))
        for (const [state, n] of Object.entries(counts)) totals[state] = (totals[state] ?? 0) + n;
      const all = Object.values(totals).reduce((a, b) => a + b, 0) || 1;
      const bar = list(
        stateIds,
        (s) => `<span class="seg tone-${esc(toneOf[s])}" data-w="${(100 * totals[s]) / all}"></span>`,
      );
      return `<tr><th scope="row">${esc(client)} <span class="sub">${esc(clientName[client] ?? "")}</span></th>${list(
        stateIds,
        (s) => `<td>${totals[s]}</td>`,
      )}<td><span class="stack-bar" role="img" aria-label="${esc(
        stateIds.map((s) => `${totals[s]} ${s}`).join(", "),
      )}">${bar}</span></td></tr>`;
    });
    return `<table class="summary"><caption class="vh">Promises per client and level</caption><thead><tr><th scope="col">Client</th>${list(
      stateIds,
      (s) => `<th scope="col">${esc(s)}</th>`,
    )}<th scope="col">Share</th></tr></thead><tbody>${rows}</tbody></table>`;
  }

  function matrixFilters() {
    const box = (name, value, label) =>
      `<label class="chip"><input type="checkbox" name="${name}" value="${esc(value)}" checked> ${label}</label>`;
    return `<form class="filters" id="matrix-filters" aria-controls="matrix-table"><fieldset><legend>Clients</legend>${list(
      data.matrix.clients,
      (c) => box("client", c, esc(c)),
    )}</fieldset><fieldset><legend>Levels</legend>${list(stateIds, (s) => box("state", s, stateBadge(s)))}</fieldset><p><button type="reset">Show all</button> <output id="matrix-count" aria-live="polite"></output></p></form>`;
  }

  function matrixSection() {
    if (data.matrix.clients.length === 0)
      return section(
        "matrix",
        "Capability matrix",
        "",
        "<p>No client pack is active, so the registry makes no promise to an assistant.</p>",
      );
    const legend = `<dl class="legend">${list(
      data.states,
      (s) => `<div><dt>${stateBadge(s.id)}</dt><dd>${esc(s.meaning)}</dd></div>`,
    )}</dl>`;
    return section(
      "matrix",
      "Capability matrix",
      "Each promise of <code>core/</code> and how each client keeps it, as in <code>CAPABILITIES.md</code>. Open a cell for the reason; the source column names the line that makes the promise.",
      `${legend}${scroller("Summary per client", matrixSummary())}${matrixFilters()}<div id="matrix-table">${scroller(
        "Capability matrix table",
        matrixTable(),
      )}</div>`,
    );
  }

  function wireMatrix() {
    const form = document.getElementById("matrix-filters");
    if (!form) return;
    const table = main.querySelector("table.matrix");
    const rows = [...table.querySelectorAll("tr.promise")];
    const byClient = [...table.querySelectorAll("[data-c]")];
    const output = document.getElementById("matrix-count");
    const apply = () => {
      const checked = (name) =>
        new Set([...form.elements[name]].filter((b) => b.checked).map((b) => b.value));
      const clients = checked("client");
      const states = checked("state");
      for (const el of byClient) el.hidden = !clients.has(el.dataset.c);
      let shown = 0;
      for (const row of rows) {
        let match = false;
        for (const cell of row.querySelectorAll("td[data-c]")) {
          const on = clients.has(cell.dataset.c) && states.has(cell.dataset.s);
          cell.classList.toggle("off", !on);
          match ||= on;
        }
        row.hidden = !match;
        if (match) shown++;
      }
      for (const group of table.tBodies) group.hidden = !group.querySelector("tr.promise:not([hidden])");
      output.textContent = `Showing ${shown} of ${count(rows.length, "promise")}`;
    };
    form.addEventListener("change", apply);
    form.addEventListener("reset", () => setTimeout(apply));
    form.addEventListener("submit", (event) => event.preventDefault());
    apply();
  }

  // ---- budgets --------------------------------------------------------------------------------
  function meter(measure, unit) {
    const over = measure.exclusive ? measure.value >= measure.limit : measure.value > measure.limit;
    const limitText = measure.exclusive ? `under ${num(measure.limit)}` : num(measure.limit);
    const text = `${num(measure.value)} of ${limitText} ${unit}`;
    const share = measure.limit > 0 ? (100 * measure.value) / measure.limit : 100;
    return `<span class="bar"><span class="meter${over ? " over" : ""}" role="img" aria-label="${esc(text)}${
      over ? ", over the budget" : ""
    }"><span class="fill" data-w="${share}"></span></span><span class="measure${over ? " over-text" : ""}">${esc(text)}${
      over ? " (over)" : ""
    }</span></span>`;
  }

  function budgetsSection() {
    const b = data.budgets;
    const files = b.files.length
      ? `<ul class="bars">${list(
          b.files,
          (f) =>
            `<li><span class="what">${code(f.path)} <span class="sub">${esc(f.component)}, ${esc(f.profile)} profile</span></span>${meter(
              f.lines,
              "lines",
            )}${f.words ? meter(f.words, "words") : ""}</li>`,
        )}</ul>`
      : "<p>No rule adapter writes an always-on file with a budget profile.</p>";
    const loaded = b.alwaysLoaded.length
      ? `<ul class="bars">${list(
          b.alwaysLoaded,
          (c) =>
            `<li><span class="what"><strong>${esc(c.client)}</strong> <span class="sub">${esc(
              clientName[c.client] ?? "",
            )}, ${count(c.files.length, "file")}: ${esc(
              c.files.map((f) => `${f.path} ${num(f.characters)}`).join(", ") || "none",
            )}</span></span>${meter(c.characters, "characters")}</li>`,
        )}</ul>`
      : "<p>No client pack is active.</p>";
    const roster = b.roster
      ? `<h3>Skill roster</h3><p>Descriptions of the skills matching ${code(b.roster.glob)}, loaded into every session.</p><ul class="bars"><li><span class="what">Owned share <span class="sub">${count(
          b.roster.skills.length,
          "skill",
        )} of this registry</span></span>${meter(b.roster.owned, "words")}</li><li><span class="what">Vendor share <span class="sub">reserved for skills other tools install; measured per project by <code>agentc install</code> (open its plan below)</span></span><span class="bar"><span class="measure">${num(b.roster.vendorReserve)} words reserved</span></span></li></ul>`
      : "";
    return section(
      "budgets",
      "Budgets",
      "Measured as the budget checks measure them (AGC026, AGC027, AGC090).",
      `<h3>Always-on files</h3>${files}<h3>Loaded into every session</h3>${loaded}${roster}`,
    );
  }

  // ---- capability packages --------------------------------------------------------------------
  function capabilityBlock(c) {
    const hooks = c.hooks.length
      ? `<table><caption class="vh">Hooks of ${esc(c.id)}</caption><thead><tr><th scope="col">Event</th><th scope="col">Need</th><th scope="col">Command</th></tr></thead><tbody>${list(
          c.hooks,
          (h) =>
            `<tr><td>${esc(h.event)}</td><td>${h.required ? "required" : "optional"}</td><td>${code(h.command)}</td></tr>`,
        )}</tbody></table>`
      : "<p>No hooks.</p>";
    const requires = c.requires.length
      ? `<ul class="plain">${list(
          c.requires,
          (r) =>
            `<li>${esc(r.what)}: ${esc(r.why)}${r.install ? ` <span class="sub">install: ${code(r.install)}</span>` : ""}</li>`,
        )}</ul>`
      : "<p>None.</p>";
    return `<article class="capability" data-capability="${esc(c.id)}"><h3>${esc(c.id)} <span class="sub">${esc(
      c.version,
    )}</span></h3><p>${esc(c.description)}</p><dl class="facts-list"><div><dt>Layer</dt><dd>${esc(
      c.layer || "none",
    )}</dd></div><div><dt>Component</dt><dd>${code(c.component)}</dd></div><div><dt>Home</dt><dd>${code(
      c.home,
    )}</dd></div><div><dt>Environment</dt><dd>${codes(c.environment)}</dd></div><div><dt>Skills</dt><dd>${codes(
      c.skills,
    )}</dd></div><div><dt>Agents</dt><dd>${codes(c.agents)}</dd></div><div><dt>Commands</dt><dd>${codes(
      c.commands,
    )}</dd></div></dl><h4>Hooks</h4>${scroller(`Hooks of ${c.id}`, hooks)}<h4>Requirements</h4>${requires}</article>`;
  }

  function capabilitiesSection() {
    return section(
      "capabilities",
      "Capability packages",
      "",
      data.capabilities.length
        ? list(data.capabilities, capabilityBlock)
        : "<p>The registry has no capability package.</p>",
    );
  }

  // ---- diagnostics ----------------------------------------------------------------------------
  const severityOrder = ["error", "warning", "info"];

  /** One group per check, worst severity first, then the most frequent. */
  function diagnosticGroups() {
    const groups = new Map();
    for (const d of data.diagnostics) {
      const group = groups.get(d.id) ?? { id: d.id, items: [], worst: 2 };
      group.items.push(d);
      group.worst = Math.min(group.worst, severityOrder.indexOf(d.severity));
      groups.set(d.id, group);
    }
    return [...groups.values()].sort(
      (a, b) => a.worst - b.worst || b.items.length - a.items.length || (a.id < b.id ? -1 : 1),
    );
  }

  function diagnosticTable(group) {
    const rows = list(
      group.items,
      (d) =>
        `<tr><td data-label="Severity"><span class="sev-${esc(d.severity)}">${esc(d.severity)}</span></td><td data-label="Where">${code(
          at(d),
        )}</td><td data-label="Message">${esc(d.message)}</td></tr>`,
    );
    const table = `<table class="stack"><caption class="vh">Diagnostics of ${esc(group.id)}</caption><thead><tr><th scope="col">Severity</th><th scope="col">Where</th><th scope="col">Message</th></tr></thead><tbody>${rows}</tbody></table>`;
    const hint = data.checks[group.id]?.hint;
    return `<p>${checkLink(group.id)}: the check's page says why it exists.${
      hint ? ` How to fix: ${esc(hint)}` : ""
    }</p>${scroller(`Diagnostics of ${group.id}`, table)}`;
  }

  function diagnosticsSection() {
    if (data.diagnostics.length === 0)
      return section("diagnostics", "Diagnostics", "", "<p>The build reported nothing.</p>");
    const open = data.diagnostics.length <= 200;
    const groups = list(diagnosticGroups(), (group) => {
      const check = data.checks[group.id];
      const tally = severityOrder
        .map((sev) => [sev, group.items.filter((d) => d.severity === sev).length])
        .filter(([, n]) => n > 0)
        .map(([sev, n]) => count(n, sev))
        .join(", ");
      const summary = `<strong>${esc(group.id)}</strong> ${esc(check?.title ?? "")} <span class="sub">${esc(tally)}</span>`;
      return lazy(
        summary,
        () => diagnosticTable(group),
        open,
        ` class="group" data-check="${esc(group.id)}"`,
      );
    });
    return section(
      "diagnostics",
      "Diagnostics",
      `What the build reported, by check; each check links to its page (${esc(data.checkDocs)}…), and <code>agentc explain AGCnnn</code> prints the same text.`,
      groups,
    );
  }

  // ---- install plan ---------------------------------------------------------------------------
  function planSection() {
    return section(
      "plan",
      "Install plan",
      "Paste, or open as a file, the JSON of <code>agentc install &lt;build&gt; --dry-run --format json</code> (what an install would change) or of <code>agentc status --format json</code> (how a project drifted). It is read here in the browser and sent nowhere.",
      `<form id="plan-form" class="plan-form"><p><label for="plan-json">JSON of the plan or status</label><textarea id="plan-json" rows="6" spellcheck="false" autocomplete="off"></textarea></p><p><label for="plan-file">Or open a file</label> <input id="plan-file" type="file" accept=".json,application/json"></p><p><button type="submit">Show the plan</button></p></form><div id="plan-out" aria-live="polite"></div>`,
    );
  }

  const opMarks = {
    create: ["+", "add"],
    mkdir: ["+", "add"],
    "write-beside": ["+", "add"],
    link: ["+", "add"],
    update: ["~", "change"],
    "move-aside": ["~", "change"],
    remove: ["-", "del"],
    rmdir: ["-", "del"],
    keep: ["=", "same"],
    "keep-modified": ["=", "same"],
    unchanged: ["=", "same"],
  };
  const changeMarks = { add: ["+", "add"], update: ["~", "change"], remove: ["-", "del"] };
  const driftMarks = { modified: ["~", "change"], missing: ["-", "del"], foreign: ["+", "add"] };

  const componentsOfPath = (() => {
    const map = new Map();
    const add = (path, id) => map.set(path, [...(map.get(path) ?? []), id]);
    for (const c of data.components) {
      for (const f of c.files) add(f.path, c.id);
      for (const l of c.links) add(l.path, c.id);
      for (const s of c.composed) add(s.path, c.id);
    }
    return map;
  })();

  function diffLine(mark, op, path, detail, nested) {
    const [sign, tone] = mark ?? ["·", "other"];
    const owners = componentsOfPath.get(path);
    return `<li class="d-${tone}"><span class="sign" aria-hidden="true">${esc(sign)}</span><span class="op">${esc(
      op,
    )}</span> ${code(path)}${detail ? ` <span class="sub">${detail}</span>` : ""}${
      owners ? ` <span class="comp">${esc(owners.join(", "))}</span>` : ""
    }${nested ?? ""}</li>`;
  }

  function actionDetail(a) {
    if (a.op === "link")
      return `→ ${code(a.target)}${a.fallback && a.fallback !== "none" ? `, where links are refused: ${esc(a.fallback)}` : ""}${
        a.placed ? `, placed as ${esc(a.placed)}` : ""
      }`;
    if (a.op === "move-aside") return `→ ${code(a.to)}`;
    if (a.op === "keep-modified") return `edited by you: kept; the new version goes to ${code(a.beside)}`;
    if (a.op === "write-beside") return `new version of ${code(a.seed)}`;
    if (a.op === "keep") return esc(a.reason ?? "");
    if (a.compose) return `shared ${esc(a.compose.format)} file`;
    return "";
  }

  function composeChanges(a) {
    const changes = a.compose?.changes ?? [];
    if (changes.length === 0) return "";
    return `<ul class="diff nested">${list(changes, (k) => {
      const [sign, tone] = changeMarks[k.change] ?? ["·", "other"];
      return `<li class="d-${tone}"><span class="sign" aria-hidden="true">${sign}</span><span class="op">${esc(
        k.change,
      )}</span> ${code(k.key)}</li>`;
    })}</ul>`;
  }

  function issueList(title, items, tone) {
    if (!items || items.length === 0) return "";
    return `<h3>${esc(title)}</h3><ul class="issues ${tone}">${list(items, (c) => {
      const place = c.line !== undefined ? `${c.path}:${c.line}:${c.column ?? 1}` : c.path;
      return `<li>${code(place)}: ${esc(c.problem)}${c.hint ? `<span class="sub">hint: ${esc(c.hint)}</span>` : ""}</li>`;
    })}</ul>`;
  }

  function renderPlan(plan) {
    const actions = plan.actions;
    const changed = actions.filter((a) => a.op !== "unchanged");
    const unchanged = actions.filter((a) => a.op === "unchanged");
    const tally = Object.fromEntries(["add", "change", "del", "same", "other"].map((t) => [t, 0]));
    for (const a of changed) tally[(opMarks[a.op] ?? [])[1] ?? "other"]++;
    const head = `<p class="plan-head"><span class="badge tone-${plan.status === "ok" ? "good" : "bad"}">${esc(
      plan.status ?? "unknown",
    )}</span> ${plan.dry_run ? "dry run, nothing written" : plan.written ? "written" : "nothing written"}; components ${codes(
      plan.components ?? [],
    )}</p><p class="tally">${tally.add} to add, ${tally.change} to change, ${tally.del} to remove, ${tally.same} kept, ${count(
      unchanged.length,
      "path",
    )} unchanged</p>`;
    const diff = changed.length
      ? `<ol class="diff" aria-label="Changes">${list(changed, (a) => {
          const mark = a.op === "link" && a.replace ? ["~", "change"] : opMarks[a.op];
          return diffLine(mark, a.op, a.path, actionDetail(a), composeChanges(a));
        })}</ol>`
      : "<p>Nothing changes.</p>";
    const same = unchanged.length
      ? `<details><summary>${count(unchanged.length, "unchanged path")}</summary><ul class="diff">${list(
          unchanged,
          (a) => diffLine(opMarks.unchanged, a.op, a.path, ""),
        )}</ul></details>`
      : "";
    return head + diff + same + planExtras(plan);
  }

  function planExtras(plan) {
    const hooks = plan.hooks?.length
      ? `<h3>Capability hooks</h3><ul class="plain">${list(
          plan.hooks,
          (h) =>
            `<li>${esc(h.result)} ${esc(h.event)} ${esc(h.capability)}: ${code(h.command)}${h.required ? " (required)" : ""}${
              h.problem ? ` <span class="sub">${esc(h.problem)}</span>` : ""
            }</li>`,
        )}</ul>`
      : "";
    const tools = plan.tools?.length
      ? `<h3>Tools</h3><ul class="plain">${list(
          plan.tools,
          (t) =>
            `<li>${code(t.name)}: ${t.found ? "found" : "not found"} <span class="sub">${esc(t.checked ?? "")}${
              !t.found && t.hint ? `; to install it: ${esc(t.hint)}` : ""
            }</span></li>`,
        )}</ul>`
      : "";
    const roster = plan.roster
      ? `<h3>Skill roster, vendor share</h3><ul class="bars"><li><span class="what">Skills other tools installed <span class="sub">${count(
          plan.roster.skills?.length ?? 0,
          "skill",
        )}</span></span>${meter({ value: plan.roster.vendorWords, limit: plan.roster.reserve ?? 0 }, "words")}</li></ul>`
      : "";
    const problems = plan.problems?.length
      ? `<h3>Problems</h3><ul class="plain">${list(plan.problems, (p) => `<li>${esc(p)}</li>`)}</ul>`
      : "";
    return (
      issueList("Conflicts (nothing is written while there is one)", plan.conflicts, "bad") +
      issueList("Warnings", plan.warnings, "warn") +
      problems +
      hooks +
      tools +
      roster
    );
  }

  function renderStatus(status) {
    if (status.ok === false)
      return `<p class="issues bad">Status failed: ${esc(status.problem ?? "unknown problem")}</p>`;
    if (!status.installed)
      return "<p>Nothing is installed in that project (no <code>.agentc/installed.json</code>).</p>";
    const drift = status.drift ?? [];
    const head = `<p class="plan-head"><span class="badge tone-${drift.length ? "warn" : "good"}">${
      drift.length ? count(drift.length, "drift finding") : "no drift"
    }</span> installed ${code(status.registry_version ?? "?")}${
      status.registry_version && status.registry_version !== data.registryVersion
        ? ` (this page shows ${code(data.registryVersion)})`
        : ""
    }; components ${codes(status.components ?? [])}</p>`;
    const lines = drift.length
      ? `<ol class="diff" aria-label="Drift">${list(drift, (d) =>
          diffLine(
            driftMarks[d.kind],
            d.kind,
            d.path,
            `${d.key ? `${code(d.key)}: ` : ""}${esc(d.detail ?? "")}`,
          ),
        )}</ol>`
      : "<p>Every file agentc installed is as it installed it.</p>";
    const capabilities = status.capabilities?.length
      ? `<h3>Capabilities</h3><ul class="plain">${list(
          status.capabilities,
          (c) =>
            `<li>${esc(c.capability)} ${esc(c.version)} at ${code(c.home)}: spawn ${esc(c.state)}${
              c.environment && Object.keys(c.environment).length
                ? `, environment ${codes(Object.keys(c.environment))}`
                : ""
            }</li>`,
        )}</ul>`
      : "";
    const notes = status.notes?.length
      ? `<h3>Notes</h3><ul class="plain">${list(status.notes, (n) => `<li>${esc(n.kind)} ${code(n.path)}: ${esc(n.detail)}</li>`)}</ul>`
      : "";
    return head + lines + capabilities + notes;
  }

  /**
   * Where JSON.parse gave up: V8 names a position only for some errors, so the text is walked once by the
   * JSON grammar to find the offset of the first character that cannot continue it.
   */
  function jsonErrorOffset(text) {
    let i = 0;
    const fail = () => {
      throw i;
    };
    const space = () => {
      while (/[ \t\n\r]/.test(text[i] ?? "")) i++;
    };
    const expect = (c) => (text[i] === c ? i++ : fail());
    const string = () => {
      expect('"');
      while (text[i] !== '"') {
        if (i >= text.length || text.charCodeAt(i) < 0x20) fail();
        if (text[i] === "\\") {
          i++;
          if (text[i] === "u") {
            if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
            i += 4;
          } else if (!'"\\/bfnrt'.includes(text[i] ?? "x")) fail();
        }
        i++;
      }
      i++;
    };
    const sequence = (close, item) => {
      i++;
      space();
      if (text[i] === close) return void i++;
      for (;;) {
        item();
        space();
        if (text[i] === close) return void i++;
        expect(",");
        space();
      }
    };
    const value = () => {
      space();
      const c = text[i];
      if (c === "{")
        sequence("}", () => {
          string();
          space();
          expect(":");
          value();
        });
      else if (c === "[") sequence("]", value);
      else if (c === '"') string();
      else {
        const token = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i));
        if (!token) fail();
        i += token[0].length;
      }
    };
    try {
      value();
      space();
      return Math.min(i, text.length);
    } catch (offset) {
      return offset;
    }
  }

  function jsonErrorPlace(text) {
    const before = text.slice(0, jsonErrorOffset(text));
    const line = before.split("\n").length;
    return ` (line ${line}, column ${before.length - before.lastIndexOf("\n")})`;
  }

  function showPlan(text) {
    const out = document.getElementById("plan-out");
    let value;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      out.innerHTML = `<p class="issues bad" role="alert">This is not JSON${esc(jsonErrorPlace(text))}: ${esc(
        message,
      )}. Paste the whole output of the command, run with <code>--format json</code>.</p>`;
      return;
    }
    if (value && Array.isArray(value.actions)) out.innerHTML = renderPlan(value);
    else if (value && (Array.isArray(value.drift) || "installed" in value || value.ok === false))
      out.innerHTML = renderStatus(value);
    else
      out.innerHTML =
        '<p class="issues bad" role="alert">This JSON has neither <code>actions</code> (an install plan) nor <code>drift</code> (a status): expected the output of <code>agentc install --dry-run --format json</code> or <code>agentc status --format json</code>.</p>';
    setWidths(out);
  }

  function wirePlan() {
    const form = document.getElementById("plan-form");
    const textarea = document.getElementById("plan-json");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      showPlan(textarea.value);
    });
    document.getElementById("plan-file").addEventListener("change", async (event) => {
      const file = event.target.files?.[0];
      if (!file) return;
      textarea.value = await file.text();
      showPlan(textarea.value);
    });
  }

  function wireRuleFilter() {
    const input = document.getElementById("rule-filter");
    const rows = [...main.querySelectorAll("li[data-rule]")];
    const output = document.getElementById("rule-count");
    input.addEventListener("input", () => {
      const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
      let shown = 0;
      for (const row of rows) {
        const text = ruleSearch[Number(row.dataset.rule)] ?? "";
        const match = words.every((w) => text.includes(w));
        row.hidden = !match;
        if (match) shown++;
      }
      output.textContent = words.length
        ? `${shown} of ${count(rows.length, "rule")}`
        : count(rows.length, "rule");
    });
  }

  /** Bar widths through the CSSOM: the page's policy allows no inline style attributes. */
  function setWidths(root) {
    for (const el of root.querySelectorAll("[data-w]"))
      el.style.width = `${Math.min(100, Number(el.dataset.w))}%`;
  }

  main.innerHTML = [
    overview(),
    rulesSection(),
    droppedSection(),
    assistantsSection(),
    matrixSection(),
    budgetsSection(),
    capabilitiesSection(),
    diagnosticsSection(),
    planSection(),
  ].join("");
  setWidths(main);
  wireLazy();
  wireMatrix();
  wireRuleFilter();
  wirePlan();
  document.documentElement.dataset.ready = "true";
  // The benchmark reads this mark: the first frame after everything is rendered.
  requestAnimationFrame(() => setTimeout(() => performance.mark("agentc-rendered")));
})();
