import type { Migration } from './types.ts';

export const fileDetails: Migration = {
  version: 27,
  name: "what a file says about itself (alt text, caption, credit, focal point) and a raster image's size",
  statements: [
    `ALTER TABLE files
       ADD COLUMN alt text NOT NULL DEFAULT '',
       ADD COLUMN caption text NOT NULL DEFAULT '',
       ADD COLUMN credit text NOT NULL DEFAULT '',
       ADD COLUMN focal_x real,
       ADD COLUMN focal_y real,
       ADD COLUMN width integer,
       ADD COLUMN height integer`,
    // A focal point is both numbers or none; sizes, both or none.
    `ALTER TABLE files ADD CONSTRAINT files_focal_point CHECK ((focal_x IS NULL) = (focal_y IS NULL)
       AND (focal_x IS NULL OR (focal_x BETWEEN 0 AND 1 AND focal_y BETWEEN 0 AND 1)))`,
    `ALTER TABLE files ADD CONSTRAINT files_size CHECK ((width IS NULL) = (height IS NULL) AND (width IS NULL OR (width > 0 AND height > 0)))`,
  ],
};
