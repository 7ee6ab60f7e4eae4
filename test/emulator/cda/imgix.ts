// `ImgixParams`: the image transformations `url`, `responsiveImage` and `blurUpThumb` take, in the
// order the API lists them, and the query string they become on an asset URL.
import { GraphQLEnumType, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLString, type GraphQLInputType } from 'graphql';
import { BooleanType, FloatType, IntType } from './scalars.js';

const ENUMS: Record<string, string> = {
  Auto: 'enhance format redeye compress',
  BgRemoveFgType: 'auto car',
  BlendAlign: 'top bottom middle left right center',
  BlendCrop: 'top bottom left right faces',
  BlendFit: 'clamp clip crop scale max',
  BlendMode:
    'color burn dodge darken difference exclusion hardlight hue lighten luminosity multiply overlay saturation screen softlight normal',
  BlendSize: 'inherit',
  Ch: 'width dpr saveData',
  Crop: 'top bottom left right faces entropy edges focalpoint',
  Cs: 'origin srgb adobergb1998 tinysrgb strip',
  Fill: 'solid blur gen generative gradient',
  FillGenPos: 'top bottom middle left right center',
  FillGradientCs: 'linear srgb oklab hsl lch',
  FillGradientLinearDirection: 'top bottom left right',
  FillGradientType: 'linear radial',
  Fit: 'clamp clip crop facearea fill fillmax max min scale',
  Flip: 'h v hv',
  Fm: 'gif jpg jp2 json jxr pjpg mp4 png png8 png32 webp webm blurhash avif',
  Iptc: 'allow block',
  MarkAlign: 'top middle bottom left center right',
  MarkFit: 'clip crop fill max scale',
  MarkTile: 'grid',
  Palette: 'css json',
  RotType: 'pivot straighten',
  Transparency: 'grid',
  Trim: 'auto color alpha',
  TxtAlign: 'top middle bottom left center right',
  TxtClip: 'start middle end ellipsis',
  TxtFit: 'max',
};

// name:type — S String, B BooleanType, I IntType, F FloatType, E<Enum>, L<Enum> (a list of the enum).
const PARAMS = `ar:S auto:LAuto bgRemoveFallback:B bgRemoveFgType:LBgRemoveFgType bgRemoveSemiTransparency:B bgRemove:B
bgReplaceFallback:B bgReplaceNegPrompt:S bgReplace:S bg:S blendAlign:LBlendAlign blendAlpha:I blendColor:S
blendCrop:LBlendCrop blendFit:EBlendFit blendH:F blendMode:EBlendMode blendPad:I blendSize:EBlendSize blendW:F
blendX:I blendY:I blend:S blur:I borderBottom:I borderLeft:I borderRadiusInner:S borderRadius:S borderRight:I
borderTop:I border:S bri:I ch:LCh chromasub:I colorquant:I colors:I con:I cornerRadius:S crop:LCrop cs:ECs dl:S
dpi:I dpr:F duotoneAlpha:I duotone:S exp:I expires:I faceBlur:I facePixel:I faceindex:I facepad:F faces:I
fillColor:S fillGenFallback:B fillGenNegPrompt:S fillGenPos:LFillGenPos fillGenPrompt:S fillGenSeed:I
fillGradientCs:EFillGradientCs fillGradientLinearDirection:LFillGradientLinearDirection fillGradientLinear:S
fillGradientRadialRadius:S fillGradientRadialX:F fillGradientRadialY:F fillGradientRadial:S
fillGradientType:EFillGradientType fill:EFill fit:EFit flip:EFlip fm:EFm fpDebug:B fpX:F fpY:F fpZ:F fps:I frame:S
gam:I gifQ:I gridColors:S gridSize:I h:F high:I htn:I hue:I interval:I invert:B iptc:EIptc jpgProgressive:B
lpBlur:I loop:I lossless:B markAlign:LMarkAlign markAlpha:I markBase:S markFit:EMarkFit markH:F markIfMinHeight:I
markIfMinWidth:I markPad:I markRot:F markScale:I markTile:EMarkTile markW:F markX:I markY:I mark:S maskBg:S mask:S
maxH:I maxW:I minH:I minW:I monochrome:S nr:I nrs:I objectRemovalNegativePrompt:S objectRemovalPrompt:S
objectRemovalRect:S objectRemovalSeed:I orient:I padBottom:I padLeft:I padRight:I padTop:I pad:I page:I
palette:EPalette pdfAnnotation:B prefix:S px:I q:I rasterizeBypass:B rect:S reverse:B rotType:ERotType rot:F sat:I
sepia:I shad:F sharp:F skip:I svgSanitize:B transparency:ETransparency trimAlpha:F trimColor:S trimMd:F trimPad:I
trimSd:F trimTol:F trim:ETrim txtAlign:LTxtAlign txtClip:LTxtClip txtColor:S txtFit:ETxtFit txtFont:S txtLead:I
txtLineColor:S txtLine:I txtPad:I txtShad:F txtSize:I txtTrack:I txtWidth:I txtX:I txtY:I txt:S
upscaleFallback:B upscale:B usm:I usmrad:F vib:I w:F skipDefaultOptimizations:B`;

function enumType(name: string): GraphQLEnumType {
  return new GraphQLEnumType({
    name: `ImgixParams${name}`,
    values: Object.fromEntries(ENUMS[name]!.split(' ').map((v) => [v, { value: v }])),
  });
}

/** A fresh ImgixParams input with its enums (a schema holds one of each). */
export function imgixParamsType(): GraphQLInputObjectType {
  const enums = new Map<string, GraphQLEnumType>();
  const enumOf = (name: string) => {
    let type = enums.get(name);
    if (!type) enums.set(name, (type = enumType(name)));
    return type;
  };
  const typeOf = (code: string): GraphQLInputType => {
    if (code === 'S') return GraphQLString;
    if (code === 'B') return BooleanType;
    if (code === 'I') return IntType;
    if (code === 'F') return FloatType;
    if (code.startsWith('E')) return enumOf(code.slice(1));
    return new GraphQLList(new GraphQLNonNull(enumOf(code.slice(1))));
  };
  return new GraphQLInputObjectType({
    name: 'ImgixParams',
    fields: () =>
      Object.fromEntries(
        PARAMS.split(/\s+/).map((entry) => {
          const [name, code] = entry.split(':') as [string, string];
          return [name, { type: typeOf(code) }];
        }),
      ),
  });
}

/** The query string imgix reads for these params (`fpX` → `fp-x`); DatoCMS's own switches stay out. */
export function imgixQuery(params: Record<string, unknown> | null | undefined): string {
  if (!params) return '';
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === undefined || name === 'skipDefaultOptimizations') continue;
    const key = name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    const text = Array.isArray(value) ? value.join(',') : String(value);
    pairs.push(`${key}=${encodeURIComponent(text).replace(/%2C/g, ',')}`);
  }
  return pairs.join('&');
}
