/**
 * The geo toolbox: spatial tools over GeoJSON the model was given (distance, within, bbox, geohash and its
 * nine-cell probe, WKT both ways, union, intersection, difference, buffer), ready for an agent's
 * {@link dev.weft.agents.tool.Toolbox}. Read {@link dev.weft.agents.geo.GeoTools} first: the tools, their bounds
 * and the factory. Every input schema refers to one GeoJSON schema ({@code geojson.schema.json} beside the
 * classes, {@link dev.weft.agents.geo.GeoSchemas}). Imports {@code agents.tool} and {@code agents.model}'s
 * {@code ToolDefinition}, Jackson, JTS ({@code org.locationtech.jts}: geometry, the robust overlay, validity, WKT)
 * and GeographicLib ({@code net.sf.geographiclib}: geodesics on WGS84); no Beam, no Lucene, nothing of Weft above
 * {@code agents}.
 */
package dev.weft.agents.geo;
