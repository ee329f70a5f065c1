import { describe, expect, it } from 'vitest';
import { readJson } from '../../../core/json-file.ts';
import { validatorFor } from '../../../core/schema.ts';
import { buildMap } from '../../../core/maps.ts';
import { CATALOGUE, FACES } from '../catalogue.ts';
import { pioneerDays } from '../index.ts';
import { SCHEMAS } from '../schemas.ts';
import { applyAction, canSatisfy, finalScores, townsfolkVp } from '../rules/engine.ts';
import { changeCost, newGame, newPlayer, seatToMove, buildTable } from '../rules/state.ts';

const raw = readJson<Record<string, unknown>>(new URL('../data/catalogue.json', import.meta.url));
const validate = validatorFor(SCHEMAS.catalogue!);
const solo = buildTable(buildMap(pioneerDays, 'catalogue', { players: 1 }));

describe('Pioneer Days catalogue', () => {
  it('matches its schema, and the schema names the field a bad catalogue breaks', () => {
    expect(validate(raw), JSON.stringify(validate.errors)).toBe(true);
    // The one non-number gain the catalogue used to have: the schema now refuses it.
    const bad = structuredClone(raw) as { townsfolk: Array<{ effect: { gain?: Record<string, unknown> } }> };
    bad.townsfolk[45]!.effect.gain = { wagon: 'small' };
    expect(validate(bad)).toBe(false);
    expect(validate.errors!.some((e) => e.instancePath.startsWith('/townsfolk/45/effect'))).toBe(true);
  });

  it('describes every field it defines', () => {
    const undescribed: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      for (const [name, sub] of Object.entries((o.properties ?? {}) as Record<string, Record<string, unknown>>)) {
        const ref = typeof sub.$ref === 'string' ? defs[sub.$ref.replace('#/$defs/', '')] : undefined;
        // Described on the field or on the definition it names; ids, names and the keys of a map
        // whose parent says what they count (income by face, tokens by nuggets) need no words.
        const parentSays = /\.(income|goldSupply|sets)$/.test(at) || ['id', 'name', 'kind', 'set'].includes(name);
        if (!sub.description && !ref?.description && !parentSays) undescribed.push(`${at}.${name}`);
        walk(sub, `${at}.${name}`);
      }
      for (const key of ['items', 'oneOf', '$defs'])
        for (const [k, sub] of Object.entries((o[key] ?? {}) as Record<string, unknown>)) walk(sub, `${at}.${key}[${k}]`);
    };
    const schema = SCHEMAS.catalogue!;
    const defs = schema.$defs as Record<string, Record<string, unknown>>;
    walk(schema, '');
    expect(undescribed).toEqual([]);
  });

  it('gives no two cards, tiles or wagons the same id, across every deck', () => {
    const ids = [...CATALOGUE.towns, ...CATALOGUE.townsfolk, ...CATALOGUE.equipment, ...CATALOGUE.wagons].map((c) => c.id);
    expect(ids.length).toBe(18 + 60 + 27 + 20);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('reading: a disaster strikes when its marker REACHES the final space of a track of L spaces, after L − 1 advances', () => {
    const famine = CATALOGUE.disasters.findIndex((d) => d.id === 'famine');
    const spaces = CATALOGUE.disasters[famine]!.track;
    const strikeAfter = (advancesBefore: number) => {
      const state = newGame(solo);
      state.tracks[famine] = advancesBefore;
      // A solo day draws two dice: the player takes the first, the yellow one is left over.
      state.pool = [
        { colour: 'blue', face: 'wood' },
        { colour: 'yellow', face: 'wood' },
      ];
      const p = state.players[0]!;
      p.silver = 0;
      p.cattle = 3;
      applyAction(state, solo, { type: 'die', die: 0, use: 'action' });
      return { struck: state.disasters.map((d) => d.disaster), marker: state.tracks[famine], cattle: state.players[0]!.cattle };
    };
    expect(strikeAfter(spaces - 3)).toEqual({ struck: [], marker: spaces - 2, cattle: 3 });
    // The (L − 1)th advance lands on the final space: famine takes the cattle nobody pays for.
    expect(strikeAfter(spaces - 2)).toEqual({ struck: ['famine'], marker: 0, cattle: 0 });
  });

  it('reading: changeDiscount LOWERS the 3-silver face change (it does not set it), adds up, never below 1', () => {
    const p = newPlayer();
    expect(changeCost(p)).toBe(CATALOGUE.changeCost);
    p.equipment.push('G25'); // Whetstone, changeDiscount 1
    expect(changeCost(p)).toBe(CATALOGUE.changeCost - 1);
    p.townsfolk.push('E09'); // Mapmaker, changeDiscount 1
    expect(changeCost(p)).toBe(1);
    p.townsfolk.push('C03'); // Storekeeper, changeDiscount 1: the floor holds
    expect(changeCost(p)).toBe(1);
  });

  it('reading: town needs and per-gold scoring count gold TOKENS; the end score adds 1 VP per nugget', () => {
    const p = newPlayer();
    p.gold = [1, 1];
    expect(canSatisfy(p, { gold: 2 })).toBe(true);
    p.gold = [3];
    expect(canSatisfy(p, { gold: 2 })).toBe(false);
    p.gold = [3, 3];
    p.townsfolk = ['B01']; // Panner: 1 VP per gold token
    expect(townsfolkVp(p)).toBe(2);
    const state = newGame(solo);
    state.players[0] = p;
    expect(finalScores(state)[0]!.gold).toBe(6);
  });

  it('reading: the Veterinarian gives one free small wagon (a count, like every other gain)', () => {
    const vet = CATALOGUE.townsfolk.find((t) => t.name === 'Veterinarian')!;
    expect(vet.effect).toEqual({ kind: 'immediate', gain: { smallWagon: 1 } });
    const state = newGame(solo);
    const die = state.pool[0]!;
    state.townsfolkSlots[FACES.indexOf(die.face)] = vet.id;
    const seat = seatToMove(state, solo);
    applyAction(state, solo, { type: 'die', die: 0, use: 'recruit' });
    expect(state.players[seat]!.wagons.map((w) => w.spaces)).toEqual([CATALOGUE.start.wagon, 2]);
  });

  it('scores every townsfolk card on its own, as printed: cards on one item stack', () => {
    const p = newPlayer();
    p.favours = 10;
    p.townsfolk = ['E01', 'E06', 'E12']; // three cards, each 1 VP per favour
    expect(townsfolkVp(p)).toBe(30);
  });
});
