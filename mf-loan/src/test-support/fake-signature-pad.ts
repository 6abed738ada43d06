/**
 * Stands in for `signature_pad` under Jest: jsdom has no canvas drawing. Tests "draw" by handing strokes to
 * `draw`, which fires `endStroke` as the real pad does when a finger lifts.
 * Use: `jest.mock('signature_pad', () => require('<path>/test-support/fake-signature-pad'))`.
 */
type Point = { x: number; y: number; pressure: number; time: number };
type Group = { points: Point[] };

export default class FakeSignaturePad extends EventTarget {
  static instances: FakeSignaturePad[] = [];
  dotSize = 0;
  minWidth = 0.5;
  maxWidth = 2.5;
  penColor = '#111';
  velocityFilterWeight = 0.7;
  compositeOperation = 'source-over';
  private groups: Group[] = [];

  constructor(readonly canvas: HTMLCanvasElement) {
    super();
    FakeSignaturePad.instances.push(this);
  }

  static latest(): FakeSignaturePad {
    const pad = FakeSignaturePad.instances.at(-1);
    if (!pad) throw new Error('no signature pad was created');
    return pad;
  }

  draw(strokes: [number, number][][]): void {
    this.groups.push(
      ...strokes.map((stroke) => ({ points: stroke.map(([x, y]) => ({ x, y, pressure: 0.5, time: 0 })) })),
    );
    this.dispatchEvent(new Event('endStroke'));
  }

  toData(): Group[] {
    return this.groups;
  }

  fromData(groups: Group[]): void {
    this.groups = [...this.groups, ...groups];
  }

  isEmpty(): boolean {
    return this.groups.length === 0;
  }

  clear(): void {
    this.groups = [];
  }

  off(): void {}
}
