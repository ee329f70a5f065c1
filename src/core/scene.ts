/**
 * What to draw, independent of the output format. Coordinates are millimetres at true print
 * size (the brand keeps them apart from axial hex coordinates and from pixels); the SVG, PNG
 * and PDF backends only scale them.
 */
export type Mm = number & { readonly __unit?: 'mm' };

export interface Point {
  x: Mm;
  y: Mm;
}

export interface Style {
  /** 'print' keeps ink light (white page, outlined legend); 'screen' uses a dark page. */
  theme: 'print' | 'screen';
  /** Numerals and captions on the board. */
  labels: boolean;
  /** Centre-to-corner size of one hex in millimetres at true size. */
  hexSize: Mm;
}

export const DEFAULT_STYLE: Style = { theme: 'print', labels: true, hexSize: 20 };

interface Paint {
  fill?: string;
  stroke?: string;
  strokeWidth?: Mm;
  dash?: Mm[];
  opacity?: number;
}

export type SceneItem =
  | ({ kind: 'polygon'; points: Point[] } & Paint)
  | ({ kind: 'polyline'; points: Point[] } & Paint)
  /** Many separate straight strokes in one paint, e.g. every piece outline edge. */
  | ({ kind: 'segments'; segments: Array<[Point, Point]> } & Paint)
  | ({ kind: 'circle'; centre: Point; radius: Mm } & Paint)
  /** Text is drawn as glyph outlines, so no renderer depends on installed fonts. */
  | {
      kind: 'text';
      at: Point;
      text: string;
      size: Mm;
      fill: string;
      anchor: 'start' | 'middle' | 'end';
      bold?: boolean;
      baseline?: 'alphabetic' | 'middle';
    }
  /**
   * A group may carry data for interactive front ends and a title, which they show on hover;
   * `stop` marks the places (spaces, tiles) a person walks through from the keyboard.
   */
  | { kind: 'group'; items: SceneItem[]; data?: Record<string, string>; title?: string; role?: string; stop?: boolean };

export interface Scene {
  width: Mm;
  height: Mm;
  background: string;
  title: string;
  items: SceneItem[];
  /**
   * Heights (mm from the top) where a true-size print may end a page: a scene that has them is a
   * column of text read top to bottom, printed as pages cut only there (a week never split), not
   * tiled like a poster with overlaps and crop marks.
   */
  breaks?: Mm[];
}
