// Node reader of the definition files (data only; validation is the engine's job).
// readDefinitionsFromDisk(root?) → { assessments: [{ file, json }], parameterSets: { id: json }, site: { name: json } }
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const DEFAULT_ROOT = __dirname;

function readJson(file) {
  const text = fs.readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: invalid JSON (${error.message})`);
  }
}

function listJson(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

/** Version number of a "v<N>.json" file name, or undefined. */
function versionOf(file) {
  const match = /^v(\d+)\.json$/.exec(file);
  return match ? Number(match[1]) : undefined;
}

function readDefinitionsFromDisk(root) {
  const base = root ? path.resolve(root) : DEFAULT_ROOT;
  const assessmentsDir = path.join(base, 'assessments');
  const assessments = [];
  if (fs.existsSync(assessmentsDir)) {
    const folders = fs
      .readdirSync(assessmentsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    for (const folder of folders) {
      const files = listJson(path.join(assessmentsDir, folder))
        .filter((f) => versionOf(f) !== undefined)
        .sort((a, b) => versionOf(a) - versionOf(b));
      for (const f of files) {
        const file = path.join(assessmentsDir, folder, f);
        assessments.push({ file, json: readJson(file) });
      }
    }
  }
  const parameterSets = {};
  const parametersDir = path.join(base, 'parameters');
  for (const f of listJson(parametersDir)) {
    parameterSets[f.replace(/\.json$/, '')] = readJson(path.join(parametersDir, f));
  }
  const site = {};
  const siteDir = path.join(base, 'site');
  for (const f of listJson(siteDir)) {
    site[f.replace(/\.json$/, '')] = readJson(path.join(siteDir, f));
  }
  return { root: base, assessments, parameterSets, site };
}

module.exports = { readDefinitionsFromDisk, DEFINITIONS_ROOT: DEFAULT_ROOT };
