// SPDX-License-Identifier: GPL-2.0
/*
 * pngcheck FILE.png [MIN_RED [RRGGBB MIN]] - is a browser screenshot not
 * blank, and does it show a given colour?
 *
 * Decodes an 8-bit, non-interlaced greyscale/RGB/RGBA PNG with zlib and
 * prints "WxH nonwhite=F colours=N red=R". Exits 0 when at least 1 % of
 * the pixels are not white, there are at least 16 distinct colours, and
 * at least MIN_RED (default 0) strongly red pixels (the FAIL banner and
 * badges), and with RRGGBB at least MIN pixels of that colour (within 3
 * per channel; "colour=N" is printed too); 1 when the image looks blank
 * or lacks them; 2 when it cannot be read.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

static int paeth(int a, int b, int c)
{
	int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);

	if (pa <= pb && pa <= pc)
		return a;
	return pb <= pc ? b : c;
}

static unsigned char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t cap = 0, n = 0, r;

	if (!f)
		return NULL;
	do {
		if (n == cap) {
			unsigned char *nb;

			cap = cap ? cap * 2 : 1 << 20;
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = nb;
		}
		r = fread(buf + n, 1, cap - n, f);
		n += r;
	} while (r > 0);
	fclose(f);
	*len = n;
	return buf;
}

int main(int argc, char **argv)
{
	static const unsigned char sig[8] = { 137, 'P', 'N', 'G', 13, 10, 26, 10 };
	unsigned char *png, *idat = NULL, *raw = NULL;
	size_t len, pos = 8, idat_len = 0;
	uint32_t w = 0, h = 0, x, y;
	int depth = 0, ctype = -1, interlace = 0, bpp, i;
	long min_red = argc > 2 ? atol(argv[2]) : 0;
	long want = argc > 4 ? strtol(argv[3], NULL, 16) : -1;
	long min_want = argc > 4 ? atol(argv[4]) : 0;
	unsigned long nonwhite = 0, red = 0, colours = 0, wanted = 0;
	static unsigned char seen[1 << 15];
	uLongf raw_len;
	size_t stride;

	if (argc < 2) {
		fprintf(stderr, "usage: pngcheck FILE.png [MIN_RED [RRGGBB "
			"MIN]]\n");
		return 2;
	}
	png = read_all(argv[1], &len);
	if (!png || len < 8 || memcmp(png, sig, 8)) {
		fprintf(stderr, "pngcheck: %s: not a PNG\n", argv[1]);
		return 2;
	}
	while (pos + 12 <= len) {
		uint32_t clen = be32(png + pos);
		const unsigned char *type = png + pos + 4, *data = png + pos + 8;

		if (clen > len - pos - 12)
			break;
		if (!memcmp(type, "IHDR", 4) && clen >= 13) {
			w = be32(data);
			h = be32(data + 4);
			depth = data[8];
			ctype = data[9];
			interlace = data[12];
		} else if (!memcmp(type, "IDAT", 4)) {
			unsigned char *n = realloc(idat, idat_len + clen);

			if (!n)
				return 2;
			idat = n;
			memcpy(idat + idat_len, data, clen);
			idat_len += clen;
		} else if (!memcmp(type, "IEND", 4)) {
			break;
		}
		pos += 12 + clen;
	}
	if (depth != 8 || interlace || !w || !h || w > 20000 || h > 20000 ||
	    (ctype != 0 && ctype != 2 && ctype != 6)) {
		fprintf(stderr, "pngcheck: unsupported PNG (depth %d, colour "
			"type %d, interlace %d)\n", depth, ctype, interlace);
		return 2;
	}
	bpp = ctype == 0 ? 1 : ctype == 2 ? 3 : 4;
	stride = (size_t)w * bpp;
	raw_len = (uLongf)((stride + 1) * h);
	raw = malloc(raw_len);
	if (!raw || uncompress(raw, &raw_len, idat, idat_len) != Z_OK ||
	    raw_len != (stride + 1) * h) {
		fprintf(stderr, "pngcheck: bad image data\n");
		return 2;
	}
	/* undo the per-row filters in place */
	for (y = 0; y < h; y++) {
		unsigned char *row = raw + y * (stride + 1) + 1;
		unsigned char *prev = y ? row - (stride + 1) : NULL;
		int ft = row[-1];

		for (x = 0; x < stride; x++) {
			int a = x >= (uint32_t)bpp ? row[x - bpp] : 0;
			int b = prev ? prev[x] : 0;
			int c = prev && x >= (uint32_t)bpp ? prev[x - bpp] : 0;

			switch (ft) {
			case 1:
				row[x] += a;
				break;
			case 2:
				row[x] += b;
				break;
			case 3:
				row[x] += (a + b) / 2;
				break;
			case 4:
				row[x] += paeth(a, b, c);
				break;
			}
		}
	}
	for (y = 0; y < h; y++) {
		const unsigned char *row = raw + y * (stride + 1) + 1;

		for (x = 0; x < w; x++) {
			const unsigned char *p = row + x * bpp;
			int r = p[0], g = bpp >= 3 ? p[1] : p[0];
			int b = bpp >= 3 ? p[2] : p[0];
			unsigned int key = (r >> 3) << 10 | (g >> 3) << 5 | b >> 3;

			if (r < 245 || g < 245 || b < 245)
				nonwhite++;
			if (r > 170 && g < 90 && b < 90)
				red++;
			if (want >= 0 && abs(r - (int)(want >> 16 & 255)) <= 3 &&
			    abs(g - (int)(want >> 8 & 255)) <= 3 &&
			    abs(b - (int)(want & 255)) <= 3)
				wanted++;
			if (!seen[key]) {
				seen[key] = 1;
				colours++;
			}
		}
	}
	printf("%ux%u nonwhite=%.3f colours=%lu red=%lu", w, h,
	       (double)nonwhite / ((double)w * h), colours, red);
	if (want >= 0)
		printf(" colour=%lu", wanted);
	putchar('\n');
	i = nonwhite * 100 >= (unsigned long)w * h && colours >= 16 &&
	    (long)red >= min_red && (long)wanted >= min_want;
	free(raw);
	free(idat);
	free(png);
	return i ? 0 : 1;
}
