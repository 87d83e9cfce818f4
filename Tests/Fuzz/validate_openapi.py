#!/usr/bin/env python3
"""Validates the server's OpenAPI document (Sources/GraderWeb/Assets/openapi.json) with
openapi-spec-validator: the document itself against the OpenAPI 3.1 specification, every schema in
it against JSON Schema, and every example it gives against its own schema (openapi-schema-validator).
Prints each problem with where it is; exits 1 on any.

usage: validate_openapi.py [EZGRADER_BINARY WORK_FOLDER]   (the arguments are ignored: the test driver passes them)
"""
import json, os, sys

DOCUMENT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'Sources', 'GraderWeb', 'Assets', 'openapi.json')

BASE = 'urn:ezgrader:openapi'


def examples(document):
    """(where, schema, example) for each example the document gives a parameter or a body."""
    for path, item in document['paths'].items():
        for method, operation in item.items():
            for parameter in operation.get('parameters', []):
                if 'example' in parameter:
                    yield f'{method.upper()} {path} parameter {parameter["name"]}', parameter['schema'], parameter['example']
            media = operation.get('requestBody', {}).get('content', {}).get('application/json', {})
            if 'example' in media:
                yield f'{method.upper()} {path} request body', media['schema'], media['example']


def main():
    try:
        from openapi_spec_validator import validate
        from openapi_spec_validator.readers import read_from_filename
        from openapi_schema_validator import OAS31Validator
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012
    except ImportError as error:
        sys.exit(f'openapi-spec-validator is not installed ({error}): run scripts/install-deps')
    document, _ = read_from_filename(DOCUMENT)
    try:
        validate(document)
    except Exception as error:  # the validator's own error, with the path of what is wrong
        sys.exit(f'openapi.json is not a valid OpenAPI 3.1 document: {error}')
    # The examples' schemas name the document's components (#/components/…): resolve them in the document.
    registry = Registry().with_resource(BASE, Resource.from_contents(document, default_specification=DRAFT202012))
    problems = []
    for where, schema, example in examples(document):
        rooted = {'$ref': BASE + schema['$ref']} if '$ref' in schema else schema
        validator = OAS31Validator(rooted, registry=registry)
        problems += [f'{where}: the example {json.dumps(example)} breaks its schema: {error.message}' for error in validator.iter_errors(example)]
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)
    print(f'openapi.json is a valid OpenAPI {document["openapi"]} document; {sum(1 for _ in examples(document))} examples fit their schemas')


if __name__ == '__main__':
    main()
