import test from 'ava';
import { formatNumber, formatPercent, formatTimestamp, formatWeight, rotationLabel, stopLabel } from '../../share-page/format.ts';

test('numbers are grouped by thousands with a fixed number of decimals', (t) => {
  t.is(formatNumber(1234567), '1,234,567');
  t.is(formatNumber(999), '999');
  t.is(formatNumber(1234.56, 1), '1,234.6');
  t.is(formatNumber(-1500), '-1,500');
  t.is(formatNumber(-0.01, 1), '0.0');
});

test('ratios read as percentages and grams as kilograms', (t) => {
  t.is(formatPercent(0.8765), '87.7 %');
  t.is(formatPercent(1.0833), '108.3 %');
  t.is(formatWeight(1_250_500), '1,250.5 kg');
});

test('solved times read in UTC to the minute; an unreadable one is shown as given', (t) => {
  t.is(formatTimestamp('2025-03-01T16:05:09+02:00'), '2025-03-01 14:05 UTC');
  t.is(formatTimestamp('yesterday'), 'yesterday');
});

test('rotations and Stops are said in words', (t) => {
  t.is(rotationLabel('LWH'), 'LWH (as delivered)');
  t.is(rotationLabel('HWL'), 'HWL (on end, turned)');
  t.is(stopLabel(3), 'Stop 3');
  t.is(stopLabel(null), 'after all Stops');
});
