// What a renderer adds to an install (npm packages on disk) and to the container image (Debian
// packages over node:20-bookworm-slim, which the Dockerfile runs on).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Bytes on disk of these files and folders (du, apparent sizes). */
export function diskBytes(paths: string[]): number {
  const present = paths.filter((path) => existsSync(path));
  if (present.length === 0) return 0;
  return execFileSync('du', ['-scb', ...present], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
    .filter(([, name]) => name === 'total')
    .reduce((sum, [size]) => sum + Number(size), 0);
}

interface Stanza {
  name: string;
  text: string;
  depends: string[][];
}

function installed(): Map<string, Stanza> {
  const packages = new Map<string, Stanza>();
  for (const text of readFileSync('/var/lib/dpkg/status', 'utf8').split('\n\n')) {
    const name = /^Package: (\S+)/m.exec(text)?.[1];
    if (!name || !/^Status: install ok installed/m.test(text)) continue;
    const depends: string[][] = [];
    for (const field of ['Pre-Depends', 'Depends']) {
      const value = new RegExp(`^${field}: (.*)$`, 'm').exec(text)?.[1];
      if (value) for (const choice of value.split(',')) depends.push(choice.split('|').map((alternative) => alternative.trim().split(/[\s:]/)[0]!));
    }
    packages.set(name, { name, text, depends });
  }
  return packages;
}

/**
 * What `apt-get install --no-install-recommends PACKAGES` would add to a slim Debian image,
 * simulated on this machine: apt is shown a package database holding only the packages of
 * Priority "required" and what they depend on (what debian:bookworm-slim holds, about 90
 * packages), and the Installed-Size of every package it would then install is summed.
 * Null where apt or its package lists are missing.
 */
export function debianWeight(packages: string[], scratch: string): { packages: number; bytes: number } | null {
  try {
    const all = installed();
    const base = new Set([...all.values()].filter((stanza) => /^Priority: required/m.test(stanza.text)).map((stanza) => stanza.name));
    for (let grew = true; grew; ) {
      grew = false;
      for (const name of [...base]) {
        for (const choice of all.get(name)!.depends) {
          if (choice.some((alternative) => base.has(alternative))) continue;
          const present = choice.find((alternative) => all.has(alternative));
          if (present) {
            base.add(present);
            grew = true;
          }
        }
      }
    }
    const status = join(scratch, 'slim-status');
    writeFileSync(status, `${[...base].map((name) => all.get(name)!.text).join('\n\n')}\n`);
    const plan = execFileSync('apt-get', ['-s', '-o', `Dir::State::status=${status}`, 'install', '--no-install-recommends', ...packages], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const toInstall = [...plan.matchAll(/^Inst (\S+)/gm)].map((match) => match[1]!);
    if (toInstall.length === 0) return null;
    const shown = execFileSync('apt-cache', ['show', '--no-all-versions', ...toInstall], { encoding: 'utf8', maxBuffer: 1 << 26 });
    const kib = [...shown.matchAll(/^Installed-Size: (\d+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
    return { packages: toInstall.length, bytes: kib * 1024 };
  } catch {
    return null;
  }
}
